// A plan's page (issue 25): the plan, its money (raised, disbursed, proceeds, reserve, due), when its principal
// went to the operator, its key information sheet and its timeline of field reports, each answered by the plans
// service for anyone who may read the plan (an active plan; a plan one invested in). Every read carries the
// plan's id in its tag, so a purchase (which invalidates { Plans, id }) refreshes the page's figures.
import type { PageQuery } from '@cropvest/contracts/common';
import type { FieldReport } from '@cropvest/contracts/field-reports';
import type { PlanDisbursement, PlanFunding } from '@cropvest/contracts/funding';
import type { KeyInformationSheet } from '@cropvest/contracts/key-information';
import type { Plan } from '@cropvest/contracts/plans';
import { api, toPaged, type Paged } from '@cropvest/web-kit';

/** One page of a list that belongs to a plan. */
export type PlanPage = PageQuery & { planId: string };

const plan = (planId: string) => [{ type: 'Plans' as const, id: planId }];

export const planPageApi = api.injectEndpoints({
  endpoints: (build) => ({
    planOverview: build.query<Plan, string>({
      query: (planId) => ({ url: ['plans', planId] }),
      providesTags: (_result, _error, planId) => plan(planId),
    }),
    planMoney: build.query<PlanFunding, string>({
      query: (planId) => ({ url: ['plans', planId, 'funding'] }),
      providesTags: (_result, _error, planId) => plan(planId),
    }),
    planDisbursements: build.query<Paged<PlanDisbursement>, PlanPage>({
      query: ({ planId, page, pageSize }) => ({
        url: ['plans', planId, 'disbursements'],
        params: { page, pageSize },
      }),
      transformResponse: (items: PlanDisbursement[], meta) => toPaged(items, meta),
      providesTags: (_result, _error, { planId }) => plan(planId),
    }),
    planKeyInformation: build.query<KeyInformationSheet, string>({
      query: (planId) => ({ url: ['plans', planId, 'key-information'] }),
      providesTags: (_result, _error, planId) => plan(planId),
    }),
    planFieldReports: build.query<Paged<FieldReport>, PlanPage>({
      query: ({ planId, page, pageSize }) => ({
        url: ['plans', planId, 'field-reports'],
        params: { page, pageSize },
      }),
      transformResponse: (items: FieldReport[], meta) => toPaged(items, meta),
      providesTags: (_result, _error, { planId }) => plan(planId),
    }),
  }),
});

export const {
  usePlanOverviewQuery,
  usePlanMoneyQuery,
  usePlanDisbursementsQuery,
  usePlanKeyInformationQuery,
  usePlanFieldReportsQuery,
} = planPageApi;
