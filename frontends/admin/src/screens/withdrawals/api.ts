// Manage Withdrawals' calls (spec section 7): one server page of the searched, filtered and sorted withdrawals
// (total in X-Total-Count) with their approvals, the counts per status, and a review.
import type {
  AdminTransferCounts,
  AdminWithdrawal,
  WithdrawalStatusUpdate,
} from '@cropvest/contracts/wallet';
import { api, toPaged, type Paged } from '@cropvest/web-kit';
import type { QueueArgs } from '../review-queue/queue.ts';

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
  }),
});

export const { useWithdrawalQueueQuery, useWithdrawalCountsQuery, useReviewWithdrawalMutation } =
  adminWithdrawalsApi;
