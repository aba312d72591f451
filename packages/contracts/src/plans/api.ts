// The plans service's operations: plans (public list, admin management, images) and investments.
import { z } from '../zod.ts';
import { ownedBy } from '../api-operation.ts';
import { ListQuery } from '../common.ts';
import {
  AdminInvestment,
  AdminInvestmentQuery,
  AdminPlanListQuery,
  Investment,
  InvestmentRequest,
  Plan,
  PlanDefaults,
  PlanDeletionCheck,
  PlanImageRequest,
  PlanImageResult,
  PlanInput,
  PlanListQuery,
} from './model.ts';
import { PlanAnalytics } from './plan-analytics.ts';
import { MyInvestment } from './field-reports.ts';
import { UploadResult } from '../wallet/model.ts';

export const plansOperations = ownedBy('plans', {
  plans: {
    method: 'get',
    path: '/api/plans',
    summary:
      'Plans: all for an admin; otherwise (also signed out) or with ?active=true the active, unfinished plans with slots left',
    tag: 'Plans',
    auth: 'public',
    query: PlanListQuery,
    response: z.array(Plan),
  },
  plan: {
    method: 'get',
    path: '/api/plans/{id}',
    summary:
      'One plan for its page: for anyone while it is active, for its investors always, and for an admin; otherwise 404',
    tag: 'Plans',
    auth: 'public',
    response: Plan,
  },
  adminPlans: {
    method: 'get',
    path: '/api/admin/plans',
    summary:
      'Every plan (active or not), newest first, one page (total in X-Total-Count), searched by title or whole id: Manage Plans, the command palette',
    tag: 'Admin: plans',
    auth: 'admin',
    query: AdminPlanListQuery,
    paged: true,
    response: z.array(Plan),
  },
  planAnalytics: {
    method: 'get',
    path: '/api/admin/plans/analytics',
    summary:
      'Per plan, newest first, one page (total in X-Total-Count): fill rate, slots per day, investors, principal, interest accrued and what is due at harvest (a projection)',
    tag: 'Admin: plans',
    auth: 'admin',
    query: ListQuery,
    paged: true,
    response: z.array(PlanAnalytics),
  },
  planDefaults: {
    method: 'get',
    path: '/api/admin/plans/defaults',
    summary: 'What a new plan form starts with (daily rate from the interest settings)',
    tag: 'Admin: plans',
    auth: 'admin',
    response: PlanDefaults,
  },
  createPlan: {
    method: 'post',
    path: '/api/admin/plans',
    summary: 'Create a plan (available slots = total slots)',
    tag: 'Admin: plans',
    auth: 'admin',
    body: PlanInput,
    response: Plan,
    status: 201,
  },
  updatePlan: {
    method: 'put',
    path: '/api/admin/plans/{id}',
    summary: 'Edit a plan (available slots follow total slots minus slots sold)',
    tag: 'Admin: plans',
    auth: 'admin',
    body: PlanInput,
    response: Plan,
  },
  deletePlan: {
    method: 'delete',
    path: '/api/admin/plans/{id}',
    errors: { 409: 'The plan still has active investments' },
    summary: 'Delete a plan without active investments',
    tag: 'Admin: plans',
    auth: 'admin',
    response: z.object({ id: z.string(), deleted: z.boolean() }),
  },
  planDeletionCheck: {
    method: 'get',
    path: '/api/admin/plans/{id}/can-delete',
    summary: 'Whether a plan can be deleted, and why not',
    tag: 'Admin: plans',
    auth: 'admin',
    response: PlanDeletionCheck,
  },
  planImage: {
    method: 'get',
    path: '/api/plan-images/{owner}/{id}',
    summary: "A plan's image (cached for a year: one upload, one address); 304 to a matching If-None-Match",
    tag: 'Plans',
    auth: 'public',
    response: z.string().openapi({ format: 'binary' }),
    mediaTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  },
  planImageUploadTicket: {
    method: 'put',
    path: '/api/plan-images',
    summary:
      'Attach an uploaded plan image (uploadURL or objectPath of a plan-image upload); answers its public address',
    tag: 'Admin: plans',
    auth: 'admin',
    body: PlanImageRequest,
    response: PlanImageResult,
  },
  uploadPlanImage: {
    method: 'put',
    path: '/api/uploads/plan-images/{token}',
    errors: { 403: 'The upload link is not valid or has expired', 409: 'This upload link was already used' },
    summary:
      'Upload a plan image (PNG, JPEG, GIF or WebP, at most 5 MB) with the token from /api/objects/upload',
    tag: 'Uploads',
    auth: 'public',
    response: UploadResult,
  },
  myInvestments: {
    method: 'get',
    path: '/api/investments',
    summary:
      "Own investments with their plan, the plan's newest field report and its coverage, newest first, one page (total in X-Total-Count)",
    tag: 'Investments',
    auth: 'user',
    query: ListQuery,
    paged: true,
    response: z.array(MyInvestment),
  },
  myInvestment: {
    method: 'get',
    path: '/api/investments/{id}',
    errors: { 404: 'No such investment of the caller' },
    summary:
      "One of the caller's own investments for its page: as My Investments shows it (plan, newest field report, coverage); another's answers 404",
    tag: 'Investments',
    auth: 'user',
    response: MyInvestment,
  },
  invest: {
    method: 'post',
    path: '/api/investments',
    errors: { 404: 'No such active plan' },
    summary: 'Buy slots: reserve, debit the wallet, activate; 400 Insufficient balance returns the slots',
    tag: 'Investments',
    auth: 'user',
    body: InvestmentRequest,
    response: Investment,
    status: 201,
  },
  adminInvestments: {
    method: 'get',
    path: '/api/admin/investments',
    summary:
      "Investments with plan and user name, newest first, one page (total in X-Total-Count); userId keeps one investor's",
    tag: 'Admin: plans',
    auth: 'admin',
    query: AdminInvestmentQuery,
    paged: true,
    response: z.array(AdminInvestment),
  },
  adminInvestment: {
    method: 'get',
    path: '/api/admin/investments/{id}',
    errors: { 404: 'No such investment' },
    summary:
      "One investment of any investor for its page, as the admin's list shows it (its plan and investor)",
    tag: 'Admin: plans',
    auth: 'admin',
    response: AdminInvestment,
  },
});
