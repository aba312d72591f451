// The admin's chain calls (decisions 0082, 0084, 0120), each built from its operation in the contracts:
// - what the chain service says of each network (whether it is watched, its USDT contract, its explorer), read by
//   Manage Deposits, Manage Withdrawals, Wallet Settings and Payment Methods;
// - Unmatched Deposits: one server page of the transfers nobody claimed (total in X-Total-Count), the counts per
//   network, an assignment to an investor, and a held assignment's second approval or rejection. An applied
//   assignment credits the investor: the deposit lists, the dashboard and the transaction history follow;
// - the reserves: the latest reconciliation and proof build, the daily history, a reconciliation now (it answers
//   when done, so the card refreshes at once) and a proof build (answered when it starts; the card looks again
//   until it is published).
import {
  chainOperations,
  reserveOperations,
  unmatchedOperations,
} from '@cropvest/contracts/browser-operations';
import type { ChainNetwork } from '@cropvest/contracts/chain/model';
import type {
  ProofBuildStarted,
  Reconciliation,
  ReservesHistory,
  ReservesOverview,
} from '@cropvest/contracts/chain/reserves';
import type {
  TransferAssignment,
  TransferAssignmentRequest,
  UnmatchedTransfer,
  UnmatchedTransferCounts,
} from '@cropvest/contracts/chain/unmatched';
import { api, cacheTags, operationRequest, toPaged, type OperationBody, type Paged } from '@cropvest/web-kit';
import type { UnmatchedArgs } from '../shared/unmatched/list.ts';
import { depositTags } from './wallet.ts';

const unmatchedTags = cacheTags('UnmatchedTransfers');
/** What assigning or deciding an assignment changes besides this list. */
const CREDITED = [unmatchedTags.list, depositTags.list, 'AdminDashboard' as const, 'Transactions' as const];

export const adminChainApi = api
  .enhanceEndpoints({ addTagTypes: ['ChainNetworks', 'UnmatchedTransfers'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** Named apart from any investor endpoint on the same operation: one API serves every remote. */
      adminChainNetworks: build.query<ChainNetwork[], void>({
        query: () => operationRequest(chainOperations.chainNetworks),
        providesTags: ['ChainNetworks'],
      }),

      unmatchedTransfers: build.query<Paged<UnmatchedTransfer>, UnmatchedArgs>({
        query: (query) => operationRequest(unmatchedOperations.unmatchedTransfers, { query }),
        transformResponse: (items: UnmatchedTransfer[], meta) => toPaged(items, meta),
        providesTags: [unmatchedTags.list],
      }),
      unmatchedCounts: build.query<UnmatchedTransferCounts, { q?: string }>({
        query: ({ q }) => operationRequest(unmatchedOperations.unmatchedTransferCounts, { query: { q } }),
        providesTags: [unmatchedTags.list],
      }),
      assignTransfer: build.mutation<TransferAssignment, TransferAssignmentRequest>({
        query: (body) => operationRequest(unmatchedOperations.assignUnmatchedTransfer, { body }),
        invalidatesTags: CREDITED,
      }),
      reviewAssignment: build.mutation<
        TransferAssignment,
        { id: string; body: OperationBody<typeof unmatchedOperations.reviewUnmatchedAssignment> }
      >({
        query: ({ id, body }) =>
          operationRequest(unmatchedOperations.reviewUnmatchedAssignment, { path: { id }, body }),
        invalidatesTags: CREDITED,
      }),

      reservesOverview: build.query<ReservesOverview, void>({
        query: () => operationRequest(reserveOperations.reserves),
        providesTags: ['Reserves'],
      }),
      reservesHistory: build.query<ReservesHistory, number>({
        query: (days) => operationRequest(reserveOperations.reserveHistory, { query: { days } }),
        providesTags: ['Reserves'],
      }),
      reconcileReserves: build.mutation<Reconciliation, void>({
        query: () => operationRequest(reserveOperations.reconcileReserves),
        invalidatesTags: ['Reserves'],
      }),
      buildLiabilitiesProof: build.mutation<ProofBuildStarted, void>({
        query: () => operationRequest(reserveOperations.buildProofOfReserves),
      }),
    }),
  });

export const {
  useAdminChainNetworksQuery,
  useUnmatchedTransfersQuery,
  useUnmatchedCountsQuery,
  useAssignTransferMutation,
  useReviewAssignmentMutation,
  useReservesOverviewQuery,
  useReservesHistoryQuery,
  useReconcileReservesMutation,
  useBuildLiabilitiesProofMutation,
} = adminChainApi;
