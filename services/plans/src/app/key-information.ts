// Operators and key information sheets (issue 25, item 6; decision 0092): the admin's records, each audited, the
// public reading of a plan's sheet, and the gate invest calls.
import { v7 as uuidv7 } from 'uuid';
import {
  type KeyInformationInput,
  type KeyInformationSheet,
  type KeyInformationVersion,
  type Operator,
  type OperatorInput,
  type PageQuery,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { type Page } from '@cropvest/service-kit/db';
import { AppError, NotFoundError } from '@cropvest/service-kit/errors';
import {
  findKeyInformation,
  findOperator,
  insertKeyInformationVersion,
  insertOperator,
  keyInformationGates,
  pageKeyInformationVersions,
  pageOperators,
  toSheet,
  updateOperator,
} from '../db/key-information.ts';
import { lockPlan, type PlanRow } from '../db/plans.ts';
import {
  keyInformationRefusal,
  type KeyInformationGates,
  type PlanKeyInformation,
} from '../domain/key-information.ts';
import { inTransaction, type PlansContext, type RequestMeta } from './context.ts';

export const operators = (ctx: PlansContext, page: PageQuery): Promise<Page<Operator>> =>
  pageOperators(ctx.db, page);

export async function operator(ctx: PlansContext, id: string): Promise<Operator> {
  const found = await findOperator(ctx.db, id);
  if (!found) throw new NotFoundError('Operator not found');
  return found;
}

export async function createOperator(
  ctx: PlansContext,
  admin: AuthUser,
  input: OperatorInput,
  meta: RequestMeta,
): Promise<Operator> {
  return inTransaction(ctx, async (trx) => {
    const id = uuidv7();
    await insertOperator(trx, id, input);
    const created = await findOperator(trx, id);
    if (!created) throw new Error('operator not recorded');
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'operator_create',
        targetId: id,
        targetType: 'operator',
        details: { operator: input },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
    return created;
  });
}

export async function editOperator(
  ctx: PlansContext,
  admin: AuthUser,
  id: string,
  input: OperatorInput,
  meta: RequestMeta,
): Promise<Operator> {
  return inTransaction(ctx, async (trx) => {
    const before = await findOperator(trx, id);
    if (!before || !(await updateOperator(trx, id, input))) throw new NotFoundError('Operator not found');
    const after = await findOperator(trx, id);
    if (!after) throw new Error('operator not recorded');
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'operator_edit',
        targetId: id,
        targetType: 'operator',
        details: { from: { ...before, createdAt: undefined, updatedAt: undefined }, to: input },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
    return after;
  });
}

export async function keyInformation(
  ctx: PlansContext,
  planId: string,
  version: number | undefined,
): Promise<KeyInformationSheet> {
  const sheet = await findKeyInformation(ctx.db, planId, version);
  if (!sheet)
    throw new NotFoundError(
      version === undefined
        ? 'This plan has no key information sheet yet'
        : `This plan has no key information version ${version}`,
      'KEY_INFORMATION_NOT_FOUND',
    );
  return sheet;
}

export async function keyInformationVersions(
  ctx: PlansContext,
  planId: string,
  page: PageQuery,
): Promise<Page<KeyInformationVersion>> {
  const versions = await pageKeyInformationVersions(ctx.db, planId, page);
  if (!versions) throw new NotFoundError('Plan not found');
  return versions;
}

/** Each save is a new version; the versions before it stay as they were (the database refuses to change one). */
export async function publishKeyInformation(
  ctx: PlansContext,
  admin: AuthUser,
  planId: string,
  input: KeyInformationInput,
  meta: RequestMeta,
): Promise<KeyInformationSheet> {
  return inTransaction(ctx, async (trx) => {
    const plan = await lockPlan(trx, planId);
    if (!plan) throw new NotFoundError('Plan not found');
    const operatorOfSheet = await findOperator(trx, input.operatorId);
    if (!operatorOfSheet) throw new NotFoundError('Operator not found', 'OPERATOR_NOT_FOUND');
    const row = await insertKeyInformationVersion(trx, planId, admin.id, input);
    const sheet = toSheet(row, operatorOfSheet, row.version);
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'key_information_publish',
        targetId: planId,
        targetType: 'plan',
        details: { version: row.version, complete: sheet.complete, sheet: input },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
    await ctx.events.emit(
      trx,
      'plan.key_information_published',
      { planId, planTitle: plan.title, version: row.version, complete: sheet.complete },
      { actorId: admin.id, subjectId: planId, traceparent: meta.traceparent },
    );
    return sheet;
  });
}

const keyInformationState = (plan: PlanRow): PlanKeyInformation => ({
  version: plan.key_information_version,
  complete: plan.key_information_complete,
});

/**
 * The invest call's key information gate: throws the refusal, or answers the version to record with the
 * investment. The purchase passes the gates it read with everything else it checks; otherwise they are read.
 */
export async function checkKeyInformation(
  ctx: PlansContext,
  plan: PlanRow,
  acknowledgedVersion: number | undefined,
  gates?: KeyInformationGates,
): Promise<number | null> {
  const refusal = keyInformationRefusal(
    keyInformationState(plan),
    acknowledgedVersion,
    gates ?? (await keyInformationGates(ctx.db)),
  );
  if (refusal) throw new AppError(refusal.status, refusal.code, refusal.message);
  return acknowledgedVersion ?? null;
}
