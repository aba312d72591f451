// Buying slots (ARCHITECTURE.md section 5; docs/decisions/0030-plans-investments-accrual.md):
//   1. check the plan, the limits and KYC, and compute the principal on the server;
//   2. reserve the slots with one conditional update and store the investment as pending, with a lease;
//   3. ask the wallet to debit (`cmd.wallet.debit`, the investment id as idempotency key);
//   4. activate and publish `investment.created`, or on a refusal release the slots and answer 400.
// A crash or a lost answer leaves the investment pending; when its lease runs out the sweeper repeats the
// idempotent debit and settles it the same way. Only the lease holder may settle, so two settlers never race.
import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import {
  WALLET_DEBIT_SUBJECT,
  multiplyAmount,
  type AdminInvestment,
  type AdminInvestmentQuery,
  type Investment,
  type InvestmentRequest,
  type MyInvestment,
  type PageQuery,
  type PlanCoverage,
  type WalletDebitCommand,
  type WalletDebitResult,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { sendCommand } from '@cropvest/service-kit/bus';
import { type Page } from '@cropvest/service-kit/db';
import { AppError, NotFoundError, ServiceUnavailableError } from '@cropvest/service-kit/errors';
import {
  checkPurchase,
  closedPlanRefusal,
  investmentMemo,
  slotsLeftMessage,
  slotsRefusal,
} from '../domain/rules.ts';
import { findPlan, planCoverages, toPlanState } from '../db/plans.ts';
import {
  claimExpired,
  findUserInvestment,
  investmentView,
  releaseSlots,
  findAdminInvestment,
  listAdminInvestments,
  listUserInvestments,
  markFailed,
  type InvestmentRow,
} from '../db/investments.ts';
import { purchaseContext } from '../db/projections.ts';
import { checkKeyInformation } from './key-information.ts';
import { suitabilityGate } from './suitability.ts';
import { inTransaction, type PlansContext, type RequestMeta } from './context.ts';
import { withLatestFieldReports } from './field-reports.ts';
import { activateInGroup, reserveInGroup } from './activations.ts';

/** Investments as My Investments shows them: each with its plan's newest field report and its coverage now. */
async function withPlanFigures(ctx: PlansContext, investments: Investment[]): Promise<MyInvestment[]> {
  const [reported, coverages] = await Promise.all([
    withLatestFieldReports(ctx, investments),
    planCoverages(
      ctx.db,
      investments.map((investment) => investment.planId),
    ),
  ]);
  return reported.map((investment) => ({
    ...investment,
    // Every listed investment joined its plan, so its coverage was read.
    planCoverage: coverages.get(investment.planId) as PlanCoverage,
  }));
}

export async function myInvestments(
  ctx: PlansContext,
  user: AuthUser,
  query: PageQuery,
): Promise<Page<MyInvestment>> {
  const page = await listUserInvestments(ctx.db, user.id, query);
  return { ...page, items: await withPlanFigures(ctx, page.items) };
}

/** One of the user's own paid investments for its page; another's, or one never paid, is not found. */
export async function myInvestment(ctx: PlansContext, user: AuthUser, id: string): Promise<MyInvestment> {
  const investment = await findUserInvestment(ctx.db, id, user.id);
  if (!investment) throw new NotFoundError('Investment not found', 'INVESTMENT_NOT_FOUND');
  const [shown] = await withPlanFigures(ctx, [investment]);
  return shown as MyInvestment;
}

export const adminInvestments = (
  ctx: PlansContext,
  query: AdminInvestmentQuery,
): Promise<Page<AdminInvestment>> => listAdminInvestments(ctx.db, query);

/** One investment of any investor for the admin's page of it. */
export async function adminInvestment(ctx: PlansContext, id: string): Promise<AdminInvestment> {
  const investment = await findAdminInvestment(ctx.db, id);
  if (!investment) throw new NotFoundError('Investment not found', 'INVESTMENT_NOT_FOUND');
  return investment;
}

type Settlement =
  | { outcome: 'active'; row: InvestmentRow }
  | { outcome: 'failed'; error: AppError }
  | { outcome: 'unknown'; error: AppError }
  | { outcome: 'lost-lease' };

/** Step 3 and 4: debit, then activate or compensate. Used by the purchase and by the sweeper alike. */
async function settle(
  ctx: PlansContext,
  investment: InvestmentRow,
  leaseToken: string,
  traceparent: string | null,
  planTitle?: string,
): Promise<Settlement> {
  const title = planTitle ?? (await findPlan(ctx.db, investment.plan_id))?.title ?? 'Unknown Plan';
  const command: WalletDebitCommand = {
    investmentId: investment.id,
    userId: investment.user_id,
    amount: investment.principal,
    memo: investmentMemo(title, investment.slots_purchased),
  };
  let debit: WalletDebitResult;
  try {
    debit = await sendCommand<WalletDebitResult>(
      ctx.bus.nc,
      WALLET_DEBIT_SUBJECT,
      command,
      ctx.config.DEBIT_TIMEOUT_MS,
    );
  } catch (error) {
    const appError =
      error instanceof AppError
        ? error
        : new ServiceUnavailableError('The wallet did not answer', 'COMMAND_UNAVAILABLE');
    // A 4xx is the wallet's final word (nothing was moved); anything else may or may not have moved money.
    if (appError.status >= 400 && appError.status < 500)
      return compensate(ctx, investment, leaseToken, appError, traceparent);
    ctx.logger.warn(
      { err: appError, investmentId: investment.id },
      'debit unanswered; the sweeper will settle the investment',
    );
    return { outcome: 'unknown', error: appError };
  }
  const event = ctx.events.envelope(
    'investment.created',
    {
      investmentId: investment.id,
      userId: investment.user_id,
      planId: investment.plan_id,
      planTitle: title,
      slotsPurchased: investment.slots_purchased,
      principal: investment.principal,
    },
    { actorId: investment.user_id, subjectId: investment.id, traceparent },
  );
  const row = await activateInGroup(ctx, investment.id, leaseToken, event);
  if (!row) return { outcome: 'lost-lease' };
  ctx.logger.debug({ investmentId: row.id, transferId: debit.transferId }, 'investment active');
  return { outcome: 'active', row };
}

/** The compensation beside its action: the investment fails and its slots go back to the plan. */
async function compensate(
  ctx: PlansContext,
  investment: InvestmentRow,
  leaseToken: string,
  error: AppError,
  traceparent: string | null,
): Promise<Settlement> {
  const reason = error.message;
  const failed = await inTransaction(ctx, async (trx) => {
    const row = await markFailed(trx, investment.id, leaseToken, reason);
    if (!row) return undefined;
    await releaseSlots(trx, row.plan_id, row.slots_purchased);
    await ctx.events.emit(
      trx,
      'investment.failed',
      {
        investmentId: row.id,
        userId: row.user_id,
        planId: row.plan_id,
        slotsPurchased: row.slots_purchased,
        principal: row.principal,
        reason,
      },
      { actorId: row.user_id, subjectId: row.id, traceparent },
    );
    return row;
  });
  return failed ? { outcome: 'failed', error } : { outcome: 'lost-lease' };
}

export async function invest(
  ctx: PlansContext,
  user: AuthUser,
  input: InvestmentRequest,
  meta: RequestMeta,
): Promise<Investment> {
  // Step 1: every rule, with the spec's messages, before anything changes.
  const { plan, settings, kycApproved, keyInformationGates, suitability } = await purchaseContext(
    ctx.db,
    input.planId,
    user.id,
  );
  const now = new Date();
  const check = checkPurchase(
    plan && toPlanState(plan),
    { slots: input.slotsPurchased, clientPrincipal: input.principal, kycApproved },
    {
      minimumInvestment: settings.interest.minimumInvestment,
      maximumInvestment: settings.interest.maximumInvestment,
      requireKyc: settings.requireKycForInvesting,
    },
    now,
  );
  if (!check.ok) throw new AppError(check.refusal.status, check.refusal.code, check.refusal.message);
  const keyInformationVersion = plan
    ? await checkKeyInformation(ctx, plan, input.keyInformationVersion, keyInformationGates)
    : null;
  const suitabilityRecord = suitabilityGate(suitability, check.principal, input.acknowledgedLossWarning);

  // Step 2: reserve with one conditional update, the pending investment and its lease in the same statement
  // (with the other purchases of this plan that arrive meanwhile).
  const leaseToken = randomUUID();
  const recorded = await reserveInGroup(ctx, {
    id: uuidv7(),
    user_id: user.id,
    plan_id: input.planId,
    slots_purchased: input.slotsPurchased,
    principal: check.principal,
    // The terms are fixed now: a later change of the switch applies to later purchases only.
    compound: settings.interest.autoCompoundInterest,
    lease_token: leaseToken,
    lease_until: new Date(Date.now() + ctx.config.PENDING_LEASE_MS),
    key_information_version: keyInformationVersion,
    ...suitabilityRecord,
  });
  if (!recorded) {
    // Nothing changed; say why: slots gone, the plan closed or ended meanwhile, or its price was edited.
    const current = await findPlan(ctx.db, input.planId);
    if (!current) throw new AppError(404, 'PLAN_NOT_FOUND', 'Plan not found');
    const state = toPlanState(current);
    const refusal = closedPlanRefusal(state, new Date()) ?? slotsRefusal(state, input.slotsPurchased);
    if (refusal) throw new AppError(refusal.status, refusal.code, refusal.message);
    // The sheet may have been republished meanwhile: the same gate says so.
    await checkKeyInformation(ctx, current, input.keyInformationVersion);
    if (multiplyAmount(current.min_slot_price, input.slotsPurchased) !== check.principal)
      throw new AppError(
        409,
        'PRICE_CHANGED',
        'The slot price changed; please review the new price and try again',
      );
    // Open, priced the same and with the slots now: another purchase held them at the moment of the update.
    throw new AppError(400, 'NOT_ENOUGH_SLOTS', slotsLeftMessage(current.available_slots));
  }
  const { investment, plan: reserved } = recorded;

  // Steps 3 and 4.
  const settled = await settle(ctx, investment, leaseToken, meta.traceparent, reserved.title);
  if (settled.outcome === 'active') return investmentView(settled.row, reserved);
  if (settled.outcome === 'failed') throw settled.error;
  throw new ServiceUnavailableError(
    'Your payment could not be confirmed yet. The investment will complete or be cancelled automatically within a minute.',
    'INVESTMENT_PENDING',
  );
}

/**
 * One sweeper pass: claims pending investments whose lease ran out (a crash, a lost answer) and settles each
 * by repeating the idempotent debit. Answers how many it settled.
 */
export async function sweepPending(
  ctx: PlansContext,
  limit = 50,
): Promise<{ activated: number; failed: number; unknown: number }> {
  const leaseToken = randomUUID();
  const claimed = await claimExpired(ctx.db, leaseToken, ctx.config.PENDING_LEASE_MS, limit);
  const counts = { activated: 0, failed: 0, unknown: 0 };
  for (const investment of claimed) {
    const settled = await settle(ctx, investment, leaseToken, null);
    if (settled.outcome === 'active') counts.activated++;
    else if (settled.outcome === 'failed') counts.failed++;
    else counts.unknown++;
  }
  if (claimed.length)
    ctx.logger.info({ ...counts, claimed: claimed.length }, 'sweeper settled pending investments');
  return counts;
}
