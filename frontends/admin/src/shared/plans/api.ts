// The admin plan calls (spec section 7): one server page of every plan, one plan, the form's defaults, create, edit,
// delete with its pre-check, attaching an uploaded image, and the per-plan analytics page. Plans carry the
// 'Plans' tag that Browse Plans reads too, so a change here refreshes the investors' list in the same store.
import type { PageQuery } from '@cropvest/contracts/common';
import type { PlanAnalytics } from '@cropvest/contracts/plan-analytics';
import type {
  AdminPlanListQuery,
  Plan,
  PlanDefaults,
  PlanDeletionCheck,
  PlanInput,
} from '@cropvest/contracts/plans';
import { api, toPaged, type Paged } from '@cropvest/web-kit';

const PLAN_LIST = { type: 'Plans' as const, id: 'LIST' };

export type PlanBody = PlanInput;

export const adminPlansApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Manage Plans' pages, and the command palette's search (`q`: a title or a whole id). */
    adminPlans: build.query<Paged<Plan>, PageQuery & Partial<Pick<AdminPlanListQuery, 'q'>>>({
      query: (args) => ({ url: 'admin/plans', params: { ...args } }),
      transformResponse: (items: Plan[], meta) => toPaged(items, meta),
      providesTags: (result) => [
        ...(result?.items ?? []).map((plan) => ({ type: 'Plans' as const, id: plan.id })),
        PLAN_LIST,
      ],
    }),
    /** One plan for the pages about it (its key information sheet, its field reports): an admin reads any plan. */
    adminPlan: build.query<Plan, string>({
      query: (id) => ({ url: ['plans', id] }),
      providesTags: (_result, _error, id) => [{ type: 'Plans', id }],
    }),
    planDefaults: build.query<PlanDefaults, void>({
      query: () => 'admin/plans/defaults',
    }),
    createPlan: build.mutation<Plan, PlanBody>({
      query: (body) => ({ url: 'admin/plans', method: 'POST', body }),
      invalidatesTags: [PLAN_LIST],
    }),
    updatePlan: build.mutation<Plan, { id: string; body: PlanBody }>({
      query: ({ id, body }) => ({ url: ['admin', 'plans', id], method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Plans', id }, PLAN_LIST],
    }),
    deletePlan: build.mutation<{ id: string; deleted: boolean }, string>({
      query: (id) => ({ url: ['admin', 'plans', id], method: 'DELETE' }),
      invalidatesTags: [PLAN_LIST],
    }),
    /** Asked right before a delete, never cached: investments may have been bought a moment ago. */
    canDeletePlan: build.query<PlanDeletionCheck, string>({
      query: (id) => ({ url: ['admin', 'plans', id, 'can-delete'] }),
      keepUnusedDataFor: 0,
    }),
    /** Turns a finished plan-image upload into the image's public address (the plan's imageUrl). */
    attachPlanImage: build.mutation<{ objectPath: string }, string>({
      query: (objectPath) => ({ url: 'plan-images', method: 'PUT', body: { imageURL: objectPath } }),
    }),
    planAnalytics: build.query<Paged<PlanAnalytics>, PageQuery>({
      query: ({ page, pageSize }) => ({ url: 'admin/plans/analytics', params: { page, pageSize } }),
      transformResponse: (items: PlanAnalytics[], meta) => toPaged(items, meta),
      providesTags: [PLAN_LIST, { type: 'Investments', id: 'LIST' }],
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
} = adminPlansApi;
