// Manage Withdrawals' calls (spec section 7, docs/decisions/0080): one server page of the searched, filtered and
// sorted withdrawals (total in X-Total-Count) with their approvals and payout verdicts, the counts per status, a
// review, and the payout's transaction id given after an approval.
import type {
  AdminTransferCounts,
  AdminWithdrawal,
  WithdrawalStatusUpdate,
  WithdrawalTxidUpdate,
} from '@cropvest/contracts/wallet';
import { api, toPaged, type Paged } from '@cropvest/web-kit';
import type { QueueArgs } from '../../shared/review-queue/queue.ts';

export const adminWithdrawalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    withdrawalQueue: build.query<Paged<AdminWithdrawal>, QueueArgs>({
      query: (args) => ({ url: 'admin/withdrawals', params: { ...args } }),
      transformResponse: (items: AdminWithdrawal[], meta) => toPaged(items, meta),
      providesTags: (result) => [
        ...(result?.items ?? []).map((withdrawal) => ({ type: 'Withdrawals' as const, id: withdrawal.id })),
        { type: 'Withdrawals', id: 'LIST' },
      ],
    }),
    withdrawalCounts: build.query<AdminTransferCounts, { q?: string }>({
      query: ({ q }) => ({ url: 'admin/withdrawals/counts', params: { q } }),
      providesTags: [{ type: 'Withdrawals', id: 'LIST' }],
    }),
    reviewWithdrawal: build.mutation<AdminWithdrawal, { id: string; body: Partial<WithdrawalStatusUpdate> }>({
      query: ({ id, body }) => ({ url: ['admin', 'withdrawals', id, 'status'], method: 'PUT', body }),
      // The spec refreshes withdrawals and the dashboard.
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Withdrawals', id },
        { type: 'Withdrawals', id: 'LIST' },
        'AdminDashboard',
        'Transactions',
      ],
    }),
    /**
     * The payout's transaction id of an approved withdrawal (approved without one, or with one the chain found
     * wrong or never found); the chain verifies it. Moves no money. A refusal (409: not approved, or the payout
     * already verified or being verified) also means the row shown is out of date: it is read again.
     */
    recordPayoutTxid: build.mutation<AdminWithdrawal, { id: string; txid: string }>({
      query: ({ id, txid }) => ({
        url: ['admin', 'withdrawals', id, 'txid'],
        method: 'PUT',
        body: { txid } satisfies WithdrawalTxidUpdate,
      }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Withdrawals', id },
        { type: 'Withdrawals', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useWithdrawalQueueQuery,
  useWithdrawalCountsQuery,
  useReviewWithdrawalMutation,
  useRecordPayoutTxidMutation,
} = adminWithdrawalsApi;
