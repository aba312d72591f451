// Manage Deposits' calls (spec section 7): one server page of the searched, filtered and sorted deposits
// (total in X-Total-Count), the counts per status, a review, and a short-lived link to a deposit's proof.
import type {
  AdminDeposit,
  AdminTransferCounts,
  DepositStatusUpdate,
  ProofLink,
} from '@cropvest/contracts/wallet';
import { api, toastMessage, toPaged, type Paged } from '@cropvest/web-kit';
import type { QueueArgs } from '../../shared/review-queue/queue.ts';

export const adminDepositsApi = api.injectEndpoints({
  endpoints: (build) => ({
    depositQueue: build.query<Paged<AdminDeposit>, QueueArgs>({
      query: (args) => ({ url: 'admin/deposits', params: { ...args } }),
      transformResponse: (items: AdminDeposit[], meta) => toPaged(items, meta),
      providesTags: (result) => [
        ...(result?.items ?? []).map((deposit) => ({ type: 'Deposits' as const, id: deposit.id })),
        { type: 'Deposits', id: 'LIST' },
      ],
    }),
    depositCounts: build.query<AdminTransferCounts, { q?: string }>({
      query: ({ q }) => ({ url: 'admin/deposits/counts', params: { q } }),
      providesTags: [{ type: 'Deposits', id: 'LIST' }],
    }),
    reviewDeposit: build.mutation<AdminDeposit, { id: string; body: Partial<DepositStatusUpdate> }>({
      query: ({ id, body }) => ({ url: ['admin', 'deposits', id, 'status'], method: 'PUT', body }),
      // The spec refreshes deposits and the dashboard; an approval also moves the investor's balance.
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Deposits', id },
        { type: 'Deposits', id: 'LIST' },
        'AdminDashboard',
        'Transactions',
      ],
    }),
    /**
     * Rejects several pending deposits one request each (each is reviewed and audited on its own), then
     * invalidates once; answers which were rejected and which failed with their message.
     */
    rejectDeposits: build.mutation<
      { rejected: string[]; failed: { id: string; message: string }[] },
      string[]
    >({
      queryFn: async (ids, _api, _extra, baseQuery) => {
        const rejected: string[] = [];
        const failed: { id: string; message: string }[] = [];
        for (const id of ids) {
          const result = await baseQuery({
            url: ['admin', 'deposits', id, 'status'],
            method: 'PUT',
            body: { status: 'rejected' },
          });
          if (result.error)
            failed.push({ id, message: toastMessage(result.error, 'Failed to update deposit status') });
          else rejected.push(id);
        }
        return { data: { rejected, failed } };
      },
      invalidatesTags: [{ type: 'Deposits', id: 'LIST' }, 'AdminDashboard', 'Transactions'],
    }),
    /** A fresh link on every call (it expires within minutes), so nothing is kept. */
    adminDepositProof: build.query<ProofLink, string>({
      query: (id) => ({ url: ['deposits', id, 'proof'] }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useDepositQueueQuery,
  useDepositCountsQuery,
  useReviewDepositMutation,
  useRejectDepositsMutation,
  useAdminDepositProofQuery,
} = adminDepositsApi;
