// The admin's KYC calls (spec section 7; decision 0120), each built from its operation in the contracts: KYC
// Management's one server page of the searched, filtered and sorted submissions (total in X-Total-Count), the
// counts per status, short-lived links to one submission's documents and the review; and the user page's KYC
// section.
import { kycOperations } from '@cropvest/contracts/browser-operations';
import type { AdminKycCounts, AdminKycRecord, KycDocumentLinks } from '@cropvest/contracts/kyc/model';
import { api, cacheTags, operationRequest, toPaged, type OperationBody, type Paged } from '@cropvest/web-kit';
import type { KycListArgs } from '../shared/kyc/list.ts';
import { userPageTags, userSectionQuery, type SectionArgs } from './user-page.ts';

const kycTags = cacheTags('AdminKyc');

export const adminKycApi = api.injectEndpoints({
  endpoints: (build) => ({
    kycSubmissions: build.query<Paged<AdminKycRecord>, KycListArgs>({
      query: (query) => operationRequest(kycOperations.adminKyc, { query }),
      transformResponse: (items: AdminKycRecord[], meta) => toPaged(items, meta),
      providesTags: kycTags.page,
    }),
    kycCounts: build.query<AdminKycCounts, { q?: string }>({
      query: ({ q }) => operationRequest(kycOperations.adminKycCounts, { query: { q } }),
      providesTags: [kycTags.list],
    }),
    /** Fresh links each time the dialog opens (they expire within minutes), so nothing is kept. */
    kycDocuments: build.query<KycDocumentLinks, string>({
      query: (id) => operationRequest(kycOperations.kycDocuments, { path: { id } }),
      keepUnusedDataFor: 0,
    }),
    reviewKyc: build.mutation<
      AdminKycRecord,
      { id: string; body: OperationBody<typeof kycOperations.reviewKyc> }
    >({
      query: ({ id, body }) => operationRequest(kycOperations.reviewKyc, { path: { id }, body }),
      // The record, the list and its counters change at once.
      invalidatesTags: (_result, _error, { id }) => kycTags.changed(id),
    }),
    userKyc: build.query<Paged<AdminKycRecord>, SectionArgs>({
      query: (args) => operationRequest(kycOperations.adminKyc, { query: userSectionQuery(args) }),
      transformResponse: (items: AdminKycRecord[], meta) => toPaged(items, meta),
      providesTags: (_result, _error, { userId }) => [userPageTags.one(userId)],
    }),
  }),
});

export const {
  useKycSubmissionsQuery,
  useKycCountsQuery,
  useKycDocumentsQuery,
  useReviewKycMutation,
  useUserKycQuery,
} = adminKycApi;
