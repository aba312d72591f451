// The plans service's operations: plans (public list, admin management, images) and investments.
import { z } from './zod.ts';
import type { ApiOperation } from './api-operation.ts';
import { ListQuery } from './common.ts';
import {
  AdminInvestment,
  Investment,
  InvestmentRequest,
  Plan,
  PlanDefaults,
  PlanDeletionCheck,
  PlanImageRequest,
  PlanImageResult,
  PlanInput,
  PlanListQuery,
} from './plans.ts';
import { UploadResult } from './wallet.ts';

export const plansOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/plans',
    summary:
      'Plans: all for an admin; otherwise (also signed out) or with ?active=true the active, unfinished plans with slots left',
    tag: 'Plans',
    auth: 'public',
    query: PlanListQuery,
    response: z.array(Plan),
  },
  {
    method: 'get',
    path: '/api/admin/plans/defaults',
    summary: 'What a new plan form starts with (daily rate from the interest settings)',
    tag: 'Admin: plans',
    auth: 'admin',
    response: PlanDefaults,
  },
  {
    method: 'post',
    path: '/api/admin/plans',
    summary: 'Create a plan (available slots = total slots)',
    tag: 'Admin: plans',
    auth: 'admin',
    body: PlanInput,
    response: Plan,
    status: 201,
  },
  {
    method: 'put',
    path: '/api/admin/plans/{id}',
    summary: 'Edit a plan (available slots follow total slots minus slots sold)',
    tag: 'Admin: plans',
    auth: 'admin',
    params: true,
    body: PlanInput,
    response: Plan,
  },
  {
    method: 'delete',
    path: '/api/admin/plans/{id}',
    summary: 'Delete a plan without active investments',
    tag: 'Admin: plans',
    auth: 'admin',
    params: true,
    response: z.object({ id: z.string(), deleted: z.boolean() }),
  },
  {
    method: 'get',
    path: '/api/admin/plans/{id}/can-delete',
    summary: 'Whether a plan can be deleted, and why not',
    tag: 'Admin: plans',
    auth: 'admin',
    params: true,
    response: PlanDeletionCheck,
  },
  {
    method: 'put',
    path: '/api/plan-images',
    summary:
      'Attach an uploaded plan image (uploadURL or objectPath of a plan-image upload); answers its public address',
    tag: 'Admin: plans',
    auth: 'admin',
    body: PlanImageRequest,
    response: PlanImageResult,
  },
  {
    method: 'put',
    path: '/api/uploads/plan-images/{token}',
    summary:
      'Upload a plan image (PNG, JPEG, GIF or WebP, at most 5 MB) with the token from /api/objects/upload',
    tag: 'Uploads',
    auth: 'public',
    response: UploadResult,
  },
  {
    method: 'get',
    path: '/api/investments',
    summary: 'Own investments with their plan, newest first, one page (total in X-Total-Count)',
    tag: 'Investments',
    auth: 'user',
    query: ListQuery,
    paged: true,
    response: z.array(Investment),
  },
  {
    method: 'post',
    path: '/api/investments',
    summary: 'Buy slots: reserve, debit the wallet, activate; 400 Insufficient balance returns the slots',
    tag: 'Investments',
    auth: 'user',
    body: InvestmentRequest,
    response: Investment,
    status: 201,
  },
  {
    method: 'get',
    path: '/api/admin/investments',
    summary: 'All investments with plan and user name',
    tag: 'Admin: plans',
    auth: 'admin',
    response: z.array(AdminInvestment),
  },
];
