// The investor's plan calls (spec section 7; issue 25; decision 0120), each built from its operation in the
// contracts. The plans open for investment (for an investor the server answers only active, unfinished plans with
// slots left). A plan's page: the plan, its money (raised, disbursed, proceeds, reserve, due), when its principal
// went to the operator, its key information sheet and its timeline of field reports, each answered for anyone who
// may read the plan; every read carries the plan's id in its tag, so a purchase refreshes the page's figures.
// Investments: their own, newest first, with the plan, its newest field report and its coverage, and one of them for
// its page; buying slots,
// which refreshes the plans, the investments and the current user's balance; and cancelling one within its four
// days to reconsider (decision 0094), which returns the slots to the plan at once and the principal to the balance
// through the wallet. Suitability answers (decision 0094): the latest with the loss capacity they give and whether
// investing needs them, and a new version of them.
import type { PageQuery } from '@cropvest/contracts/common';
import type { FieldReport, MyInvestment } from '@cropvest/contracts/plans/field-reports';
import {
  fieldReportOperations,
  fundingOperations,
  keyInformationOperations,
  plansOperations,
  suitabilityOperations,
} from '@cropvest/contracts/browser-operations';
import type { PlanDisbursement, PlanFunding } from '@cropvest/contracts/plans/funding';
import type { KeyInformationSheet } from '@cropvest/contracts/plans/key-information';
import type { Investment, InvestmentRequest, Plan } from '@cropvest/contracts/plans/model';
import type { SuitabilityRequest, SuitabilityStatus } from '@cropvest/contracts/plans/suitability';
import {
  api,
  cacheTags,
  fetchAllPages,
  isApiError,
  operationRequest,
  toPaged,
  type Paged,
} from '@cropvest/web-kit';

export const planTags = cacheTags('Plans');
export const investmentTags = cacheTags('Investments');

/** One page of a list that belongs to a plan. */
export type PlanPage = PageQuery & { planId: string };

/** The body of a purchase; `principal` is the decimal string slot price × slots. */
export type NewInvestment = Omit<InvestmentRequest, 'principal'> & { principal: string };

const plan = (planId: string) => [planTags.one(planId)];

export const plansApi = api.injectEndpoints({
  endpoints: (build) => ({
    investablePlans: build.query<Plan[], void>({
      query: () => operationRequest(plansOperations.plans, { query: { active: 'true' } }),
      providesTags: (plans) => [...(plans ?? []).map((open) => planTags.one(open.id)), planTags.list],
    }),
    planOverview: build.query<Plan, string>({
      query: (id) => operationRequest(plansOperations.plan, { path: { id } }),
      providesTags: (_result, _error, planId) => plan(planId),
    }),
    planMoney: build.query<PlanFunding, string>({
      query: (id) => operationRequest(fundingOperations.planFunding, { path: { id } }),
      providesTags: (_result, _error, planId) => plan(planId),
    }),
    planDisbursements: build.query<Paged<PlanDisbursement>, PlanPage>({
      query: ({ planId, ...query }) =>
        operationRequest(fundingOperations.planDisbursements, { path: { id: planId }, query }),
      transformResponse: (items: PlanDisbursement[], meta) => toPaged(items, meta),
      providesTags: (_result, _error, { planId }) => plan(planId),
    }),
    planKeyInformation: build.query<KeyInformationSheet, string>({
      query: (id) => operationRequest(keyInformationOperations.keyInformation, { path: { id } }),
      providesTags: (_result, _error, planId) => plan(planId),
    }),
    planFieldReports: build.query<Paged<FieldReport>, PlanPage>({
      query: ({ planId, ...query }) =>
        operationRequest(fieldReportOperations.fieldReports, { path: { id: planId }, query }),
      transformResponse: (items: FieldReport[], meta) => toPaged(items, meta),
      providesTags: (_result, _error, { planId }) => plan(planId),
    }),
  }),
});

export const {
  useInvestablePlansQuery,
  usePlanOverviewQuery,
  usePlanMoneyQuery,
  usePlanDisbursementsQuery,
  usePlanKeyInformationQuery,
  usePlanFieldReportsQuery,
} = plansApi;

export const investmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    myInvestments: build.query<MyInvestment[], void>({
      // The dashboard's and My Investments' counters add up every investment, so every page is read.
      queryFn: (_arg, { signal }) =>
        fetchAllPages<MyInvestment>(operationRequest(plansOperations.myInvestments), signal),
      providesTags: (investments) => investmentTags.page(investments && { items: investments }),
    }),
    // One investment's page: its tag is refreshed by a cancellation here and by the live stream's investments topic
    // (an accrual day, a harvest, a cancellation elsewhere).
    myInvestment: build.query<MyInvestment, string>({
      query: (id) => operationRequest(plansOperations.myInvestment, { path: { id } }),
      providesTags: (_result, _error, id) => [investmentTags.one(id)],
    }),
    createInvestment: build.mutation<Investment, NewInvestment>({
      query: (body) => operationRequest(plansOperations.invest, { body }),
      // Money moves stay pessimistic: nothing is patched, what changed is read again. A success takes slots
      // from the plan, adds an investment and debits the balance. A refusal changed nothing, but says the
      // screen was out of date: the plan (slots gone, price edited, plan closed, a new key information sheet)
      // or the balance. A purchase the wallet has not confirmed yet (503 INVESTMENT_PENDING) may still
      // complete: read everything again.
      invalidatesTags: (_result, error, { planId }) => {
        const changedPlan = planTags.changed(planId);
        if (!error) return [...changedPlan, investmentTags.list, 'User'];
        if (!isApiError(error)) return [];
        if (error.code === 'INVESTMENT_PENDING') return [...changedPlan, investmentTags.list, 'User'];
        if (error.code === 'INSUFFICIENT_BALANCE') return ['User'];
        if ([400, 404, 409].includes(error.status)) return changedPlan;
        return [];
      },
    }),
    cancelInvestment: build.mutation<Investment, { id: string; planId: string }>({
      query: ({ id }) => operationRequest(suitabilityOperations.cancelInvestment, { path: { id } }),
      // Cancelled, or refused because it no longer can be (the four days over, harvested, cancelled elsewhere):
      // either way the list is read again; a cancellation also gave the plan its slots back. The principal
      // reaches the balance through the wallet's event a moment later (useBalanceReturn reads it then).
      invalidatesTags: (_result, error, { id, planId }) =>
        !error || (isApiError(error) && [404, 409].includes(error.status))
          ? [...investmentTags.changed(id), ...planTags.changed(planId)]
          : [],
    }),
  }),
});

export const {
  useMyInvestmentsQuery,
  useMyInvestmentQuery,
  useCreateInvestmentMutation,
  useCancelInvestmentMutation,
} = investmentsApi;

export const suitabilityApi = api.enhanceEndpoints({ addTagTypes: ['Suitability'] }).injectEndpoints({
  endpoints: (build) => ({
    suitability: build.query<SuitabilityStatus, void>({
      query: () => operationRequest(suitabilityOperations.mySuitability),
      providesTags: ['Suitability'],
    }),
    answerSuitability: build.mutation<SuitabilityStatus, SuitabilityRequest>({
      query: (body) => operationRequest(suitabilityOperations.answerSuitability, { body }),
      invalidatesTags: ['Suitability'],
    }),
  }),
});

export const { useSuitabilityQuery, useAnswerSuitabilityMutation } = suitabilityApi;
