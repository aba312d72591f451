// Unmatched Deposits' calls (docs/decisions/0084), answered by the chain service: one server page of the transfers
// nobody claimed (total in X-Total-Count), the counts per network, an assignment to an investor, and a held
// assignment's second approval or rejection. An applied assignment credits the investor: the deposit lists, the
// dashboard and the transaction history follow.
import type {
  TransferAssignment,
  TransferAssignmentRequest,
  TransferAssignmentStatusUpdate,
  UnmatchedTransfer,
  UnmatchedTransferCounts,
} from '@cropvest/contracts/unmatched';
import { api, toPaged, type Paged } from '@cropvest/web-kit';
import type { UnmatchedArgs } from '../../shared/unmatched/list.ts';

const LIST = { type: 'UnmatchedTransfers' as const, id: 'LIST' };
/** What assigning or deciding an assignment changes besides this list. */
const CREDITED = [
  LIST,
  { type: 'Deposits' as const, id: 'LIST' },
  'AdminDashboard' as const,
  'Transactions' as const,
];

export const unmatchedApi = api.enhanceEndpoints({ addTagTypes: ['UnmatchedTransfers'] }).injectEndpoints({
  endpoints: (build) => ({
    unmatchedTransfers: build.query<Paged<UnmatchedTransfer>, UnmatchedArgs>({
      query: (args) => ({ url: 'admin/unmatched-transfers', params: { ...args } }),
      transformResponse: (items: UnmatchedTransfer[], meta) => toPaged(items, meta),
      providesTags: [LIST],
    }),
    unmatchedCounts: build.query<UnmatchedTransferCounts, { q?: string }>({
      query: ({ q }) => ({ url: 'admin/unmatched-transfers/counts', params: { q } }),
      providesTags: [LIST],
    }),
    assignTransfer: build.mutation<TransferAssignment, TransferAssignmentRequest>({
      query: (body) => ({ url: 'admin/unmatched-transfers/assignments', method: 'POST', body }),
      invalidatesTags: CREDITED,
    }),
    reviewAssignment: build.mutation<
      TransferAssignment,
      { id: string; body: Partial<TransferAssignmentStatusUpdate> }
    >({
      query: ({ id, body }) => ({
        url: ['admin', 'unmatched-transfers', 'assignments', id, 'status'],
        method: 'PUT',
        body,
      }),
      invalidatesTags: CREDITED,
    }),
  }),
});

export const {
  useUnmatchedTransfersQuery,
  useUnmatchedCountsQuery,
  useAssignTransferMutation,
  useReviewAssignmentMutation,
} = unmatchedApi;
