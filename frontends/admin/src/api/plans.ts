// The admin's plans calls (spec section 7; decisions 0091, 0092, 0093, 0120), each built from its operation in the
// contracts and answered by the plans service:
// - plans: one server page of every plan, one plan, the form's defaults, create, edit, delete with its pre-check,
//   attaching an uploaded image, and the per-plan analytics page. Plans carry the 'Plans' tag that Browse Plans
//   reads too, so a change here refreshes the investors' list in the same store;
// - the funding desk: every plan's money, one plan's figures and records (disbursements, proceeds, settlements),
//   the reserve fund with its contributions and allocations, and the records and four-eyes decisions that change
//   them. A plan's figures and records carry its 'PlanFunding' id, the desk LIST, the reserve fund 'ReserveFund';
//   coverage also shows in Plan Analytics (the plans' LIST), so a change to a plan's money refreshes it too;
// - operators: one server page by name, recording or editing one with its past seasons (a plan's key information
//   sheet shows its operator, so an edit refreshes the sheets);
// - a plan's key information sheet: its published versions, newest first, and publishing a new one (the plan
//   carries its current version and completeness, so a publication refreshes the plan too);
// - a plan's field reports: its timeline, newest first (photos as short-lived links), publishing a report, and a
//   report's verification against its hash-chained audit entry, asked afresh each time (never cached: it
//   recomputes hashes from what is stored now);
// - the user page's investments section, and one investment's page.
import {
  fieldReportOperations,
  fundingOperations,
  keyInformationOperations,
  plansOperations,
} from '@cropvest/contracts/browser-operations';
import type { PageQuery } from '@cropvest/contracts/common';
import type { FieldReport, FieldReportVerification } from '@cropvest/contracts/plans/field-reports';
import type {
  Disbursement,
  PlanFunding,
  ProceedsReceipt,
  ReserveAllocation,
  ReserveContribution,
  ReserveFund,
  Settlement,
} from '@cropvest/contracts/plans/funding';
import type { PlanFundingQuery } from '@cropvest/contracts/plans/funding-api';
import type {
  KeyInformationSheet,
  KeyInformationVersion,
  Operator,
} from '@cropvest/contracts/plans/key-information';
import type { PlanAnalytics } from '@cropvest/contracts/plans/plan-analytics';
import type {
  AdminInvestment,
  AdminPlanListQuery,
  Plan,
  PlanDefaults,
  PlanDeletionCheck,
  PlanInput,
} from '@cropvest/contracts/plans/model';
import { api, cacheTags, operationRequest, toPaged, type OperationBody, type Paged } from '@cropvest/web-kit';
import { userPageTags, userSectionQuery, type SectionArgs } from './user-page.ts';

export type PlanBody = PlanInput;

/** One page of a list about one plan. */
export interface PlanPageArgs extends PageQuery {
  planId: string;
}

export const planTags = cacheTags('Plans');
const fundingTags = cacheTags('PlanFunding');
const operatorTags = cacheTags('Operators');
const keyInformationTags = cacheTags('KeyInformation');
const fieldReportTags = cacheTags('FieldReports');
const RESERVE = 'ReserveFund' as const;
/** The investments' pages: what an approved settlement and a new field report change. */
export const investmentTags = cacheTags('Investments');

/** What a change to one plan's money makes stale: its page, the desk and the analytics' coverage. */
const planMoney = (planId: string) => [...fundingTags.changed(planId), planTags.list];

const planPath = ({ planId }: { planId: string }) => ({ id: planId });
const pageOf = ({ page, pageSize }: PageQuery) => ({ page, pageSize });

export const adminPlansApi = api
  .enhanceEndpoints({ addTagTypes: ['PlanFunding', RESERVE, 'Operators', 'KeyInformation', 'FieldReports'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** Manage Plans' pages, and the command palette's search (`q`: a title or a whole id). */
      adminPlans: build.query<Paged<Plan>, PageQuery & Partial<Pick<AdminPlanListQuery, 'q'>>>({
        query: (query) => operationRequest(plansOperations.adminPlans, { query }),
        transformResponse: (items: Plan[], meta) => toPaged(items, meta),
        providesTags: planTags.page,
      }),
      /** One plan for the pages about it (its key information sheet, its field reports): an admin reads any plan. */
      adminPlan: build.query<Plan, string>({
        query: (id) => operationRequest(plansOperations.plan, { path: { id } }),
        providesTags: (_result, _error, id) => [planTags.one(id)],
      }),
      planDefaults: build.query<PlanDefaults, void>({
        query: () => operationRequest(plansOperations.planDefaults),
      }),
      createPlan: build.mutation<Plan, PlanBody>({
        query: (body) => operationRequest(plansOperations.createPlan, { body }),
        invalidatesTags: [planTags.list],
      }),
      updatePlan: build.mutation<Plan, { id: string; body: PlanBody }>({
        query: ({ id, body }) => operationRequest(plansOperations.updatePlan, { path: { id }, body }),
        invalidatesTags: (_result, _error, { id }) => planTags.changed(id),
      }),
      deletePlan: build.mutation<{ id: string; deleted: boolean }, string>({
        query: (id) => operationRequest(plansOperations.deletePlan, { path: { id } }),
        invalidatesTags: [planTags.list],
      }),
      /** Asked right before a delete, never cached: investments may have been bought a moment ago. */
      canDeletePlan: build.query<PlanDeletionCheck, string>({
        query: (id) => operationRequest(plansOperations.planDeletionCheck, { path: { id } }),
        keepUnusedDataFor: 0,
      }),
      /** Turns a finished plan-image upload into the image's public address (the plan's imageUrl). */
      attachPlanImage: build.mutation<{ objectPath: string }, string>({
        query: (objectPath) =>
          operationRequest(plansOperations.planImageUploadTicket, { body: { imageURL: objectPath } }),
      }),
      planAnalytics: build.query<Paged<PlanAnalytics>, PageQuery>({
        query: (args) => operationRequest(plansOperations.planAnalytics, { query: pageOf(args) }),
        transformResponse: (items: PlanAnalytics[], meta) => toPaged(items, meta),
        providesTags: [planTags.list, investmentTags.list],
      }),
      userInvestments: build.query<Paged<AdminInvestment>, SectionArgs>({
        query: (args) =>
          operationRequest(plansOperations.adminInvestments, { query: userSectionQuery(args) }),
        transformResponse: (items: AdminInvestment[], meta) => toPaged(items, meta),
        providesTags: (_result, _error, { userId }) => [userPageTags.one(userId), investmentTags.list],
      }),
      /** One investment's page, opened from the user page's investments (the live investments topic refreshes it). */
      adminInvestment: build.query<AdminInvestment, string>({
        query: (id) => operationRequest(plansOperations.adminInvestment, { path: { id } }),
        providesTags: (_result, _error, id) => [investmentTags.one(id)],
      }),

      fundingDesk: build.query<Paged<PlanFunding>, PlanFundingQuery>({
        query: (query) => operationRequest(fundingOperations.adminPlanFunding, { query }),
        transformResponse: (items: PlanFunding[], meta) => toPaged(items, meta),
        providesTags: (result) => [
          ...(result?.items ?? []).map((plan) => fundingTags.one(plan.planId)),
          fundingTags.list,
        ],
      }),
      planFunding: build.query<PlanFunding, string>({
        query: (planId) => operationRequest(fundingOperations.planFunding, { path: { id: planId } }),
        providesTags: (_result, _error, planId) => [fundingTags.one(planId)],
      }),
      disbursements: build.query<Paged<Disbursement>, PlanPageArgs>({
        query: (args) =>
          operationRequest(fundingOperations.adminPlanDisbursements, {
            path: planPath(args),
            query: pageOf(args),
          }),
        transformResponse: (items: Disbursement[], meta) => toPaged(items, meta),
        providesTags: (_result, _error, { planId }) => [fundingTags.one(planId)],
      }),
      recordDisbursement: build.mutation<
        Disbursement,
        { planId: string; body: OperationBody<typeof fundingOperations.recordDisbursement> }
      >({
        query: (args) =>
          operationRequest(fundingOperations.recordDisbursement, { path: planPath(args), body: args.body }),
        invalidatesTags: (_result, _error, { planId }) => planMoney(planId),
      }),
      proceeds: build.query<Paged<ProceedsReceipt>, PlanPageArgs>({
        query: (args) =>
          operationRequest(fundingOperations.planProceeds, { path: planPath(args), query: pageOf(args) }),
        transformResponse: (items: ProceedsReceipt[], meta) => toPaged(items, meta),
        providesTags: (_result, _error, { planId }) => [fundingTags.one(planId)],
      }),
      recordProceeds: build.mutation<
        ProceedsReceipt,
        { planId: string; body: OperationBody<typeof fundingOperations.recordProceeds> }
      >({
        query: (args) =>
          operationRequest(fundingOperations.recordProceeds, { path: planPath(args), body: args.body }),
        invalidatesTags: (_result, _error, { planId }) => planMoney(planId),
      }),
      requestAllocation: build.mutation<
        ReserveAllocation,
        { planId: string; body: OperationBody<typeof fundingOperations.requestReserveAllocation> }
      >({
        query: (args) =>
          operationRequest(fundingOperations.requestReserveAllocation, {
            path: planPath(args),
            body: args.body,
          }),
        invalidatesTags: (_result, _error, { planId }) => [...planMoney(planId), RESERVE],
      }),
      settlements: build.query<Paged<Settlement>, PlanPageArgs>({
        query: (args) =>
          operationRequest(fundingOperations.planSettlements, { path: planPath(args), query: pageOf(args) }),
        transformResponse: (items: Settlement[], meta) => toPaged(items, meta),
        providesTags: (_result, _error, { planId }) => [fundingTags.one(planId)],
      }),
      proposeSettlement: build.mutation<
        Settlement,
        { planId: string; body: OperationBody<typeof fundingOperations.requestSettlement> }
      >({
        query: (args) =>
          operationRequest(fundingOperations.requestSettlement, { path: planPath(args), body: args.body }),
        invalidatesTags: (_result, _error, { planId }) => planMoney(planId),
      }),
      /** A second admin's decision; an approval pays the plan at once, so the investments move too. */
      decideSettlement: build.mutation<Settlement, { settlement: Settlement; approve: boolean }>({
        query: ({ settlement, approve }) =>
          operationRequest(
            approve ? fundingOperations.approveSettlement : fundingOperations.rejectSettlement,
            {
              path: { id: settlement.id },
            },
          ),
        invalidatesTags: (_result, _error, { settlement }) => [
          ...planMoney(settlement.planId),
          investmentTags.list,
        ],
      }),
      reserveFund: build.query<ReserveFund, void>({
        query: () => operationRequest(fundingOperations.reserveFund),
        providesTags: [RESERVE],
      }),
      reserveContributions: build.query<Paged<ReserveContribution>, PageQuery>({
        query: (args) => operationRequest(fundingOperations.reserveContributions, { query: pageOf(args) }),
        transformResponse: (items: ReserveContribution[], meta) => toPaged(items, meta),
        providesTags: [RESERVE],
      }),
      recordContribution: build.mutation<
        ReserveContribution,
        OperationBody<typeof fundingOperations.contributeToReserve>
      >({
        query: (body) => operationRequest(fundingOperations.contributeToReserve, { body }),
        invalidatesTags: [RESERVE],
      }),
      reserveAllocations: build.query<Paged<ReserveAllocation>, PageQuery>({
        query: (args) => operationRequest(fundingOperations.reserveAllocations, { query: pageOf(args) }),
        transformResponse: (items: ReserveAllocation[], meta) => toPaged(items, meta),
        providesTags: [RESERVE],
      }),
      decideAllocation: build.mutation<
        ReserveAllocation,
        { allocation: ReserveAllocation; approve: boolean }
      >({
        query: ({ allocation, approve }) =>
          operationRequest(
            approve ? fundingOperations.approveReserveAllocation : fundingOperations.rejectReserveAllocation,
            { path: { id: allocation.id } },
          ),
        invalidatesTags: (_result, _error, { allocation }) => [...planMoney(allocation.planId), RESERVE],
      }),

      operators: build.query<Paged<Operator>, PageQuery>({
        query: (args) => operationRequest(keyInformationOperations.operators, { query: pageOf(args) }),
        transformResponse: (items: Operator[], meta) => toPaged(items, meta),
        providesTags: operatorTags.page,
      }),
      createOperator: build.mutation<Operator, OperationBody<typeof keyInformationOperations.createOperator>>(
        {
          query: (body) => operationRequest(keyInformationOperations.createOperator, { body }),
          invalidatesTags: [operatorTags.list],
        },
      ),
      updateOperator: build.mutation<
        Operator,
        { id: string; body: OperationBody<typeof keyInformationOperations.updateOperator> }
      >({
        query: ({ id, body }) =>
          operationRequest(keyInformationOperations.updateOperator, { path: { id }, body }),
        invalidatesTags: (_result, _error, { id }) => [...operatorTags.changed(id), 'KeyInformation'],
      }),

      keyInformationVersions: build.query<Paged<KeyInformationVersion>, PlanPageArgs>({
        query: (args) =>
          operationRequest(keyInformationOperations.keyInformationVersions, {
            path: planPath(args),
            query: pageOf(args),
          }),
        transformResponse: (items: KeyInformationVersion[], meta) => toPaged(items, meta),
        providesTags: (_result, _error, { planId }) => [keyInformationTags.one(planId)],
      }),
      publishKeyInformation: build.mutation<
        KeyInformationSheet,
        { planId: string; body: OperationBody<typeof keyInformationOperations.publishKeyInformation> }
      >({
        query: (args) =>
          operationRequest(keyInformationOperations.publishKeyInformation, {
            path: planPath(args),
            body: args.body,
          }),
        invalidatesTags: (_result, _error, { planId }) => [
          keyInformationTags.one(planId),
          ...planTags.changed(planId),
        ],
      }),

      fieldReports: build.query<Paged<FieldReport>, PlanPageArgs>({
        query: (args) =>
          operationRequest(fieldReportOperations.fieldReports, { path: planPath(args), query: pageOf(args) }),
        transformResponse: (items: FieldReport[], meta) => toPaged(items, meta),
        providesTags: (_result, _error, { planId }) => [fieldReportTags.one(planId)],
      }),
      publishFieldReport: build.mutation<
        FieldReport,
        { planId: string; body: OperationBody<typeof fieldReportOperations.publishFieldReport> }
      >({
        query: (args) =>
          operationRequest(fieldReportOperations.publishFieldReport, {
            path: planPath(args),
            body: args.body,
          }),
        // The investors' My Investments shows each plan's newest report.
        invalidatesTags: (_result, _error, { planId }) => [fieldReportTags.one(planId), investmentTags.list],
      }),
      fieldReportVerification: build.query<FieldReportVerification, string>({
        query: (id) => operationRequest(fieldReportOperations.fieldReportVerification, { path: { id } }),
        keepUnusedDataFor: 0,
      }),
    }),
  });

export const {
  useAdminPlansQuery,
  useAdminPlanQuery,
  usePlanDefaultsQuery,
  useCreatePlanMutation,
  useUpdatePlanMutation,
  useDeletePlanMutation,
  useLazyCanDeletePlanQuery,
  useAttachPlanImageMutation,
  usePlanAnalyticsQuery,
  useUserInvestmentsQuery,
  useAdminInvestmentQuery,
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
  useOperatorsQuery,
  useCreateOperatorMutation,
  useUpdateOperatorMutation,
  useKeyInformationVersionsQuery,
  usePublishKeyInformationMutation,
  useFieldReportsQuery,
  usePublishFieldReportMutation,
  useFieldReportVerificationQuery,
} = adminPlansApi;
