// The admin's calls on the reserves (docs/decisions/0082): the latest reconciliation and proof build, the daily
// history, a reconciliation now (it answers when done, so the card refreshes at once) and a proof build (answered
// when it starts; the card looks again until it is published).
import type {
  ProofBuildStarted,
  Reconciliation,
  ReservesHistory,
  ReservesOverview,
} from '@cropvest/contracts/reserves';
import { api } from '@cropvest/web-kit';

export const reservesApi = api.injectEndpoints({
  endpoints: (build) => ({
    reservesOverview: build.query<ReservesOverview, void>({
      query: () => 'admin/reserves',
      providesTags: ['Reserves'],
    }),
    reservesHistory: build.query<ReservesHistory, number>({
      query: (days) => ({ url: 'admin/reserves/history', params: { days } }),
      providesTags: ['Reserves'],
    }),
    reconcileReserves: build.mutation<Reconciliation, void>({
      query: () => ({ url: 'admin/reserves/reconcile', method: 'POST' }),
      invalidatesTags: ['Reserves'],
    }),
    buildLiabilitiesProof: build.mutation<ProofBuildStarted, void>({
      query: () => ({ url: 'admin/proof-of-reserves/build', method: 'POST' }),
    }),
  }),
});

export const {
  useReservesOverviewQuery,
  useReservesHistoryQuery,
  useReconcileReservesMutation,
  useBuildLiabilitiesProofMutation,
} = reservesApi;
