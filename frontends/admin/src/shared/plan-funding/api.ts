// The funding desk's calls (docs/decisions/0091), answered by the plans service: every plan's money (one server
// page, total in X-Total-Count), one plan's figures and its records (disbursements, proceeds, settlements), the
// reserve fund with its contributions and allocations, and the records and four-eyes decisions that change them.
// A plan's figures and records carry its 'PlanFunding' id; the desk carries LIST; the reserve fund 'ReserveFund'.
// Coverage also shows in Plan Analytics (the 'Plans' list), so a change to a plan's money refreshes it too.
import type {
  Disbursement,
  DisbursementRequest,
  PlanFunding,
  ProceedsReceipt,
  ProceedsRequest,
  ReserveAllocation,
  ReserveAllocationRequest,
  ReserveContribution,
  ReserveContributionRequest,
  ReserveFund,
  Settlement,
  SettlementRequest,
} from '@cropvest/contracts/funding';
import type { PlanFundingQuery } from '@cropvest/contracts/funding-api';
import type { PageQuery } from '@cropvest/contracts/common';
import { api, toPaged, type Paged } from '@cropvest/web-kit';

const DESK = { type: 'PlanFunding' as const, id: 'LIST' };
const RESERVE = 'ReserveFund' as const;
const ANALYTICS = { type: 'Plans' as const, id: 'LIST' };

/** What a change to one plan's money makes stale: its page, the desk and the analytics' coverage. */
const planMoney = (planId: string) => [{ type: 'PlanFunding' as const, id: planId }, DESK, ANALYTICS];

type PlanPage = PageQuery & { planId: string };

export const fundingApi = api.enhanceEndpoints({ addTagTypes: ['PlanFunding', RESERVE] }).injectEndpoints({
  endpoints: (build) => ({
    fundingDesk: build.query<Paged<PlanFunding>, PlanFundingQuery>({
      query: (params) => ({ url: 'admin/plan-funding', params: { ...params } }),
      transformResponse: (items: PlanFunding[], meta) => toPaged(items, meta),
      providesTags: (result) => [
        ...(result?.items ?? []).map((plan) => ({ type: 'PlanFunding' as const, id: plan.planId })),
        DESK,
      ],
    }),
    planFunding: build.query<PlanFunding, string>({
      query: (planId) => ({ url: ['plans', planId, 'funding'] }),
      providesTags: (_result, _error, planId) => [{ type: 'PlanFunding', id: planId }],
    }),
    disbursements: build.query<Paged<Disbursement>, PlanPage>({
      query: ({ planId, page, pageSize }) => ({
        url: ['admin', 'plans', planId, 'disbursements'],
        params: { page, pageSize },
      }),
      transformResponse: (items: Disbursement[], meta) => toPaged(items, meta),
      providesTags: (_result, _error, { planId }) => [{ type: 'PlanFunding', id: planId }],
    }),
    recordDisbursement: build.mutation<Disbursement, { planId: string; body: DisbursementRequest }>({
      query: ({ planId, body }) => ({
        url: ['admin', 'plans', planId, 'disbursements'],
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { planId }) => planMoney(planId),
    }),
    proceeds: build.query<Paged<ProceedsReceipt>, PlanPage>({
      query: ({ planId, page, pageSize }) => ({
        url: ['admin', 'plans', planId, 'proceeds'],
        params: { page, pageSize },
      }),
      transformResponse: (items: ProceedsReceipt[], meta) => toPaged(items, meta),
      providesTags: (_result, _error, { planId }) => [{ type: 'PlanFunding', id: planId }],
    }),
    recordProceeds: build.mutation<ProceedsReceipt, { planId: string; body: ProceedsRequest }>({
      query: ({ planId, body }) => ({ url: ['admin', 'plans', planId, 'proceeds'], method: 'POST', body }),
      invalidatesTags: (_result, _error, { planId }) => planMoney(planId),
    }),
    requestAllocation: build.mutation<ReserveAllocation, { planId: string; body: ReserveAllocationRequest }>({
      query: ({ planId, body }) => ({
        url: ['admin', 'plans', planId, 'reserve-allocations'],
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { planId }) => [...planMoney(planId), RESERVE],
    }),
    settlements: build.query<Paged<Settlement>, PlanPage>({
      query: ({ planId, page, pageSize }) => ({
        url: ['admin', 'plans', planId, 'settlements'],
        params: { page, pageSize },
      }),
      transformResponse: (items: Settlement[], meta) => toPaged(items, meta),
      providesTags: (_result, _error, { planId }) => [{ type: 'PlanFunding', id: planId }],
    }),
    proposeSettlement: build.mutation<Settlement, { planId: string; body: SettlementRequest }>({
      query: ({ planId, body }) => ({
        url: ['admin', 'plans', planId, 'settlements'],
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { planId }) => planMoney(planId),
    }),
    /** A second admin's decision; an approval pays the plan at once, so the investments move too. */
    decideSettlement: build.mutation<Settlement, { settlement: Settlement; approve: boolean }>({
      query: ({ settlement, approve }) => ({
        url: ['admin', 'plan-settlements', settlement.id, approve ? 'approve' : 'reject'],
        method: 'POST',
      }),
      invalidatesTags: (_result, _error, { settlement }) => [
        ...planMoney(settlement.planId),
        { type: 'Investments', id: 'LIST' },
      ],
    }),
    reserveFund: build.query<ReserveFund, void>({
      query: () => 'admin/reserve',
      providesTags: [RESERVE],
    }),
    reserveContributions: build.query<Paged<ReserveContribution>, PageQuery>({
      query: ({ page, pageSize }) => ({ url: 'admin/reserve/contributions', params: { page, pageSize } }),
      transformResponse: (items: ReserveContribution[], meta) => toPaged(items, meta),
      providesTags: [RESERVE],
    }),
    recordContribution: build.mutation<ReserveContribution, ReserveContributionRequest>({
      query: (body) => ({ url: 'admin/reserve/contributions', method: 'POST', body }),
      invalidatesTags: [RESERVE],
    }),
    reserveAllocations: build.query<Paged<ReserveAllocation>, PageQuery>({
      query: ({ page, pageSize }) => ({ url: 'admin/reserve/allocations', params: { page, pageSize } }),
      transformResponse: (items: ReserveAllocation[], meta) => toPaged(items, meta),
      providesTags: [RESERVE],
    }),
    decideAllocation: build.mutation<ReserveAllocation, { allocation: ReserveAllocation; approve: boolean }>({
      query: ({ allocation, approve }) => ({
        url: ['admin', 'reserve', 'allocations', allocation.id, approve ? 'approve' : 'reject'],
        method: 'POST',
      }),
      invalidatesTags: (_result, _error, { allocation }) => [...planMoney(allocation.planId), RESERVE],
    }),
  }),
});

export const {
  useFundingDeskQuery,
  usePlanFundingQuery,
  useDisbursementsQuery,
  useRecordDisbursementMutation,
  useProceedsQuery,
  useRecordProceedsMutation,
  useRequestAllocationMutation,
  useSettlementsQuery,
  useProposeSettlementMutation,
  useDecideSettlementMutation,
  useReserveFundQuery,
  useReserveContributionsQuery,
  useRecordContributionMutation,
  useReserveAllocationsQuery,
  useDecideAllocationMutation,
} = fundingApi;
