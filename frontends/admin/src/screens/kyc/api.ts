// KYC Management's calls (spec section 7): one server page of the searched, filtered and sorted submissions
// (total in X-Total-Count), the counts per status, short-lived links to one submission's documents, and the
// review.
import type {
  AdminKycCounts,
  AdminKycRecord,
  KycDocumentLinks,
  KycReviewRequest,
} from '@cropvest/contracts/kyc';
import { api, toPaged, type Paged } from '@cropvest/web-kit';
import type { KycListArgs } from '../../shared/kyc/list.ts';

const LIST = { type: 'AdminKyc' as const, id: 'LIST' };

export const adminKycApi = api.enhanceEndpoints({ addTagTypes: ['AdminKyc'] }).injectEndpoints({
  endpoints: (build) => ({
    kycSubmissions: build.query<Paged<AdminKycRecord>, KycListArgs>({
      query: (args) => ({ url: 'admin/kyc', params: { ...args } }),
      transformResponse: (items: AdminKycRecord[], meta) => toPaged(items, meta),
      providesTags: (result) => [
        ...(result?.items ?? []).map((record) => ({ type: 'AdminKyc' as const, id: record.id })),
        LIST,
      ],
    }),
    kycCounts: build.query<AdminKycCounts, { q?: string }>({
      query: ({ q }) => ({ url: 'admin/kyc/counts', params: { q } }),
      providesTags: [LIST],
    }),
    /** Fresh links each time the dialog opens (they expire within minutes), so nothing is kept. */
    kycDocuments: build.query<KycDocumentLinks, string>({
      query: (id) => ({ url: ['admin', 'kyc', id, 'documents'] }),
      keepUnusedDataFor: 0,
    }),
    reviewKyc: build.mutation<AdminKycRecord, { id: string; body: KycReviewRequest }>({
      query: ({ id, body }) => ({ url: ['admin', 'kyc', id, 'status'], method: 'PUT', body }),
      // The record, the list and its counters change at once.
      invalidatesTags: (_result, _error, { id }) => [{ type: 'AdminKyc', id }, LIST],
    }),
  }),
});

export const { useKycSubmissionsQuery, useKycCountsQuery, useKycDocumentsQuery, useReviewKycMutation } =
  adminKycApi;
