// The daily job (ARCHITECTURE.md section 5): accrue every complete day not yet accrued, one set-based
// statement per day, then harvest plans that are over. Run by node-cron in the service, at boot to catch up,
// and by hand with `npm run accrue -- --until YYYY-MM-DD`. Running it twice changes nothing.
import { money, MoneyDecimal } from '@cropvest/contracts';
import { type ServiceEvents } from '@cropvest/service-kit/bus';
import { type Knex } from '@cropvest/service-kit/db';
import type { Logger } from 'pino';
import { addDays, lastCompleteDay } from '../domain/days.ts';
import {
  ACCRUAL_LOCK_KEY,
  accrueDay,
  announceHarvests,
  decidePayouts,
  firstDayToAccrue,
  harvestablePlans,
  harvestBatch,
  type HarvestedRow,
} from '../db/accrual.ts';

export interface AccrualReport {
  /** The last day this run was allowed to accrue (yesterday at most). */
  through: string;
  days: { day: string; rows: number; plans: number; ms: number }[];
  harvested: number;
  /** Funded plans whose proceeds did not cover their payout this run: they wait for an admin's settlement. */
  settlementNeeded: number;
}

/**
 * A funded plan's payout (docs/decisions/0091): principal never disbursed from invested; what the plan pays from
 * its proceeds (disbursed principal and interest, less a settled shortfall) principal first.
 */
export function fundedPayout(row: HarvestedRow) {
  const fromProceeds = money(row.disbursed_principal).plus(row.interest_earned).minus(row.shortfall);
  const principalFromProceeds = MoneyDecimal.min(fromProceeds, row.disbursed_principal);
  return {
    principalFromInvested: money(row.principal).minus(row.disbursed_principal).toFixed(8),
    principalFromProceeds: principalFromProceeds.toFixed(8),
    interestFromProceeds: fromProceeds.minus(principalFromProceeds).toFixed(8),
    shortfall: money(row.shortfall).toFixed(8),
  };
}

const HARVEST_BATCH = 1000;

export async function runAccrual(
  deps: { db: Knex; logger: Logger; events: ServiceEvents },
  options: { until?: string; now?: Date } = {},
): Promise<AccrualReport> {
  const { db, logger } = deps;
  const latest = lastCompleteDay(options.now ?? new Date());
  if (options.until && options.until > latest)
    logger.warn(
      { until: options.until, latest },
      'days that are not over yet never accrue; stopping at yesterday',
    );
  const through = options.until && options.until < latest ? options.until : latest;
  const days: AccrualReport['days'] = [];

  const first = await firstDayToAccrue(db);
  for (let day = first; day && day <= through; day = addDays(day, 1)) {
    const started = performance.now();
    const result = await db.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(?)', [ACCRUAL_LOCK_KEY]);
      return accrueDay(trx, day as string);
    });
    days.push({ day, ...result, ms: Math.round(performance.now() - started) });
  }

  const report: AccrualReport = { through, days, ...(await harvestRipePlans(deps)) };
  const rows = report.days.reduce((n, d) => n + d.rows, 0);
  if (report.days.length || report.harvested)
    logger.info(
      { through, days: report.days.length, rows, harvested: report.harvested },
      'accrual run finished',
    );
  return report;
}

/**
 * The harvest of every plan whose accrual reached its end: funded plans are first decided (covered: paying; short:
 * settlement needed, investors told), then every payable investment is paid in batches. Accrues nothing, so an
 * admin's settlement can pay a plan at once without moving any other plan's days.
 */
export async function harvestRipePlans(deps: {
  db: Knex;
  logger: Logger;
  events: ServiceEvents;
}): Promise<{ harvested: number; settlementNeeded: number }> {
  const { db, logger, events } = deps;
  const settlementNeeded = await events.writing(() =>
    db.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(?)', [ACCRUAL_LOCK_KEY]);
      const short = (await decidePayouts(trx)).filter((plan) => plan.payout_status === 'settlement_needed');
      await events.emitMany(
        trx,
        'plan.settlement_needed',
        short.flatMap((plan) =>
          plan.user_ids.map((userId) => ({
            data: {
              planId: plan.plan_id,
              planTitle: plan.plan_title,
              due: money(plan.due).toFixed(8),
              available: money(plan.available).toFixed(8),
              userId,
            },
            meta: { subjectId: plan.plan_id },
          })),
        ),
      );
      return short.length;
    }),
  );
  if (settlementNeeded) {
    logger.warn({ plans: settlementNeeded }, 'funded plans short of their payout wait for settlement');
  }

  let harvested = 0;
  for (const planId of await db.transaction((trx) => harvestablePlans(trx)))
    harvested += await harvestPlan(deps, planId);
  // Each investor is told once per plan, with their totals, when its whole harvest is done; a run cut short
  // before this point is told by the next one.
  await events.writing(() =>
    db.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(?)', [ACCRUAL_LOCK_KEY]);
      await events.emitMany(
        trx,
        'plan.harvest_paid',
        (await announceHarvests(trx)).map((totals) => ({
          data: {
            planId: totals.plan_id,
            planTitle: totals.plan_title,
            userId: totals.user_id,
            investments: totals.investments,
            principal: money(totals.principal).toFixed(8),
            interest: money(totals.interest).toFixed(8),
            shortfall: money(totals.shortfall).toFixed(8),
          },
          meta: { subjectId: totals.plan_id },
        })),
      );
    }),
  );
  return { harvested, settlementNeeded };
}

/**
 * One plan's harvest, in batches of investments in investor order, each batch starting at the investor the last
 * one ended at (whose remaining investments come first). A short batch ends the plan. Answers how many were
 * harvested.
 */
async function harvestPlan(
  { db, events }: { db: Knex; events: ServiceEvents },
  planId: string,
): Promise<number> {
  let harvested = 0;
  let fromUserId: string | null = null;
  for (;;) {
    const from = fromUserId;
    const rows = await events.writing(() =>
      db.transaction(async (trx) => {
        await trx.raw('SELECT pg_advisory_xact_lock(?)', [ACCRUAL_LOCK_KEY]);
        const rows = await harvestBatch(trx, planId, from, HARVEST_BATCH);
        await events.emitMany(
          trx,
          'investment.harvested',
          rows.map((row) => ({
            data: {
              investmentId: row.id,
              userId: row.user_id,
              planId: row.plan_id,
              planTitle: row.plan_title,
              principal: row.principal,
              interest: row.interest_earned,
              ...(row.funding_model === 'funded' ? { funded: fundedPayout(row) } : {}),
            },
            meta: { subjectId: row.id },
          })),
        );
        return rows;
      }),
    );
    harvested += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < HARVEST_BATCH) return harvested;
    fromUserId = last.user_id;
  }
}
