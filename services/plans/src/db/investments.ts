// Queries of investments. Listings carry the nested plan; `interestEarned` of an active investment is the sum
// of its accruals so far (the accrual job only inserts rows), of a completed one the amount paid at harvest.
import type { AdminInvestment, AdminInvestmentQuery, Investment, PageQuery } from '@cropvest/contracts';
import { announcedEach } from '@cropvest/service-kit/bus';
import { pageOf, type Knex, type Page } from '@cropvest/service-kit/db';
import type { EventEnvelope } from '@cropvest/contracts';
import type { PlanRow } from './plans.ts';

export type InvestmentStatusRow = 'pending' | 'active' | 'failed' | 'completed' | 'cancelled';

export interface InvestmentRow {
  id: string;
  user_id: string;
  plan_id: string;
  slots_purchased: number;
  principal: string;
  /** One day's simple interest at `daily_rate`, half-even to 8 places. */
  daily_interest: string;
  /** The plan's daily rate (percent) when it was bought: the investment's own from then on. */
  daily_rate: string;
  /** Auto compound interest was on when it was bought: each day earns on principal + the interest so far. */
  compound: boolean;
  interest_earned: string;
  status: InvestmentStatusRow;
  failure_reason: string | null;
  lease_token: string | null;
  lease_until: Date | null;
  debit_attempts: number;
  created_at: Date;
  activated_at: Date | null;
  completed_at: Date | null;
  /** The version of the plan's key information sheet its investor acknowledged (null: none asked for). */
  key_information_version: number | null;
  /** The end of the fourth calendar day (UTC) after the day of purchase, set by the database (decision 0094). */
  cancellable_until: Date;
  cancelled_at: Date | null;
  /** Principal sent to the plan's operator, and what a settled payout did not pay (decision 0091). */
  disbursed_principal: string;
  shortfall: string;
  /** The suitability answers the purchase was checked against, and the loss warning the investor accepted. */
  suitability_answers_id: string | null;
  loss_warning: string | null;
}

interface ListedRow extends InvestmentRow {
  interest: string;
  plan_title: string;
  plan_start_date: Date;
  plan_end_date: Date;
  plan_daily_interest_rate: string;
  plan_duration_days: number;
  plan_image_url: string | null;
  user_name?: string | null;
  user_email?: string | null;
}

/** An investment to activate: its id, the lease its settler holds, and its `investment.created`. */
export interface Activation {
  id: string;
  leaseToken: string;
  event: EventEnvelope;
}

/**
 * pending -> active for a group of investments, each only by the holder of its lease, with the event of each
 * one activated written to the outbox by the same statement (atomic on its own: no transaction round trips on
 * the hot path; one run of the rollup triggers and one commit for the group). Answers the rows this call
 * changed.
 */
export async function activateAll(db: Knex, activations: Activation[]): Promise<InvestmentRow[]> {
  const announcement = announcedEach(
    'activated',
    'id',
    activations.map(({ id, event }) => ({ key: id, event })),
  );
  const result = await db.raw<{ rows: InvestmentRow[] }>(
    `WITH activated AS (
       UPDATE investments AS i SET status = 'active', activated_at = now(), lease_token = NULL, lease_until = NULL
         FROM unnest(?::uuid[], ?::uuid[]) AS held(id, lease_token)
        WHERE i.id = held.id AND i.status = 'pending' AND i.lease_token = held.lease_token
       RETURNING i.*
     ), announced AS (${announcement.sql})
     SELECT * FROM activated`,
    [activations.map((a) => a.id), activations.map((a) => a.leaseToken), ...announcement.bindings],
  );
  return result.rows;
}

/** The plan as a reservation left it: what the purchase's answer shows of it. */
export type PlanSummaryRow = Pick<
  PlanRow,
  'title' | 'start_date' | 'end_date' | 'daily_interest_rate' | 'duration_days' | 'image_url'
>;

/** A purchase to reserve: its pending investment, with the lease its settler holds. */
export type Reservation = Pick<
  InvestmentRow,
  | 'id'
  | 'user_id'
  | 'plan_id'
  | 'slots_purchased'
  | 'principal'
  | 'lease_token'
  | 'compound'
  | 'suitability_answers_id'
  | 'loss_warning'
> & {
  lease_until: Date;
  /** The key information version the investor acknowledged: the plan's must still be that one. */
  key_information_version: number | null;
};

export interface Reserved {
  plan: PlanSummaryRow;
  investment: InvestmentRow;
}

/**
 * Step 2 of a group of purchases of one plan, in one statement: the plan's row locked; each purchase judged in
 * order, as if it came alone after the ones before it (price unchanged, the acknowledged key information still
 * the plan's, slots enough of what the earlier ones left); the slots taken off in one conditional update and a
 * pending investment with its lease recorded for each taken. The plan's lock lasts this statement and its
 * commit. Answers one entry per purchase, in order: the investment and the plan, or nothing (nothing changed
 * for it).
 */
export async function reserveAll(
  db: Knex,
  planId: string,
  purchases: Reservation[],
): Promise<(Reserved | undefined)[]> {
  // One array per column, for unnest. Some hold nulls, which pg sends as NULL elements (knex's types know arrays
  // of one non-null type only).
  const column = <K extends keyof Reservation>(key: K) =>
    purchases.map((purchase) => purchase[key]) as unknown as string[];
  const result = await db.raw<{
    rows: (InvestmentRow & {
      plan_title: string;
      plan_start_date: Date;
      plan_end_date: Date;
      plan_daily_interest_rate: string;
      plan_duration_days: number;
      plan_image_url: string | null;
    })[];
  }>(
    `WITH RECURSIVE asked AS (
       SELECT * FROM unnest(?::uuid[], ?::uuid[], ?::integer[], ?::numeric[], ?::boolean[], ?::uuid[], ?::timestamptz[], ?::integer[], ?::uuid[], ?::text[])
         WITH ORDINALITY AS a(id, user_id, slots, principal, compound, lease_token, lease_until, key_information_version, suitability_answers_id, loss_warning, position)
     ), plan AS (
       SELECT id, available_slots, min_slot_price, key_information_version FROM plans
        WHERE id = ? AND is_active AND deleted_at IS NULL AND end_date > now()
        FOR NO KEY UPDATE
     ), eligible AS (
       SELECT a.*, row_number() OVER (ORDER BY a.position) AS step
         FROM asked a, plan
        WHERE plan.min_slot_price * a.slots = a.principal
          AND (a.key_information_version IS NULL OR plan.key_information_version = a.key_information_version)
     ), judged (step, left_after, fits) AS (
       SELECT 0::bigint, available_slots, false FROM plan
       UNION ALL
       SELECT e.step, CASE WHEN e.slots <= j.left_after THEN j.left_after - e.slots ELSE j.left_after END, e.slots <= j.left_after
         FROM judged j JOIN eligible e ON e.step = j.step + 1
     ), taken AS (
       SELECT e.* FROM eligible e JOIN judged j ON j.step = e.step AND j.fits
     ), reserved AS (
       UPDATE plans SET available_slots = available_slots - (SELECT sum(slots) FROM taken)
        WHERE id = (SELECT id FROM plan) AND available_slots >= (SELECT sum(slots) FROM taken)
       RETURNING *
     ), recorded AS (
       INSERT INTO investments (id, user_id, plan_id, slots_purchased, principal, daily_interest, daily_rate, compound, lease_token, lease_until, key_information_version, suitability_answers_id, loss_warning)
       SELECT t.id, t.user_id, reserved.id, t.slots, t.principal, round_half_even8(t.principal * reserved.daily_interest_rate * 0.01), reserved.daily_interest_rate,
              t.compound, t.lease_token, t.lease_until, t.key_information_version, t.suitability_answers_id, t.loss_warning
         FROM taken t, reserved
       RETURNING *
     )
     SELECT recorded.*, reserved.title AS plan_title, reserved.start_date AS plan_start_date, reserved.end_date AS plan_end_date,
            reserved.daily_interest_rate AS plan_daily_interest_rate, reserved.duration_days AS plan_duration_days, reserved.image_url AS plan_image_url
       FROM recorded, reserved`,
    [
      column('id'),
      column('user_id'),
      column('slots_purchased'),
      column('principal'),
      column('compound'),
      column('lease_token'),
      column('lease_until'),
      column('key_information_version'),
      column('suitability_answers_id'),
      column('loss_warning'),
      planId,
    ],
  );
  const byId = new Map(
    result.rows.map(
      ({
        plan_title,
        plan_start_date,
        plan_end_date,
        plan_daily_interest_rate,
        plan_duration_days,
        plan_image_url,
        ...investment
      }): [string, Reserved] => [
        investment.id,
        {
          plan: {
            title: plan_title,
            start_date: plan_start_date,
            end_date: plan_end_date,
            daily_interest_rate: plan_daily_interest_rate,
            duration_days: plan_duration_days,
            image_url: plan_image_url,
          },
          investment: investment as InvestmentRow,
        },
      ],
    ),
  );
  return purchases.map((purchase) => byId.get(purchase.id));
}

/** The compensation of `reserveAll`, kept beside it: the slots go back to the plan. */
export async function releaseSlots(trx: Knex.Transaction, planId: string, slots: number): Promise<void> {
  await trx('plans')
    .where({ id: planId })
    .update({ available_slots: trx.raw('available_slots + ?', [slots]) });
}

/** pending -> failed, only by the holder of the lease; answers the row when this call made the change. */
export async function markFailed(
  trx: Knex.Transaction,
  id: string,
  leaseToken: string,
  reason: string,
): Promise<InvestmentRow | undefined> {
  const rows = await trx<InvestmentRow>('investments')
    .where({ id, status: 'pending', lease_token: leaseToken })
    .update({ status: 'failed', failure_reason: reason, lease_token: null, lease_until: null } as never)
    .returning('*');
  return rows[0] as InvestmentRow | undefined;
}

/** The sweeper takes over pending investments whose lease ran out, one claim per row (SKIP LOCKED for replicas). */
export async function claimExpired(
  db: Knex,
  leaseToken: string,
  leaseMs: number,
  limit: number,
): Promise<InvestmentRow[]> {
  const result = await db.raw<{ rows: InvestmentRow[] }>(
    `UPDATE investments SET lease_token = ?, lease_until = now() + (? || ' milliseconds')::interval, debit_attempts = debit_attempts + 1
      WHERE id IN (SELECT id FROM investments WHERE status = 'pending' AND lease_until < now() ORDER BY lease_until LIMIT ? FOR UPDATE SKIP LOCKED)
      RETURNING *`,
    [leaseToken, String(leaseMs), limit],
  );
  return result.rows;
}

/**
 * Interest earned by investment `i`: final once completed (or cancelled: none), else the sum of its accruals so
 * far.
 */
export const INTEREST_EARNED_SQL = `CASE WHEN i.status IN ('completed', 'cancelled') THEN i.interest_earned ELSE COALESCE((SELECT sum(a.amount) FROM accruals a WHERE a.investment_id = i.id), 0)::numeric(18,8) END`;

/** What the lists and the export show: paid investments, whatever became of them. */
export const LISTED_STATUSES = ['active', 'completed', 'cancelled'];

const listing = (db: Knex) =>
  db('investments as i')
    .join('plans as p', 'p.id', 'i.plan_id')
    .whereIn('i.status', LISTED_STATUSES)
    .select(
      'i.*',
      db.raw(`${INTEREST_EARNED_SQL} AS interest`),
      'p.title as plan_title',
      'p.start_date as plan_start_date',
      'p.end_date as plan_end_date',
      'p.daily_interest_rate as plan_daily_interest_rate',
      'p.duration_days as plan_duration_days',
      'p.image_url as plan_image_url',
    )
    .orderBy([
      { column: 'i.created_at', order: 'desc' },
      { column: 'i.id', order: 'desc' },
    ]);

const toInvestment = (row: ListedRow): Investment => ({
  id: row.id,
  userId: row.user_id,
  planId: row.plan_id,
  slotsPurchased: row.slots_purchased,
  principal: row.principal,
  interestEarned: row.interest,
  interestRate: row.daily_rate,
  compoundInterest: row.compound,
  status: row.status as Investment['status'],
  createdAt: row.created_at.toISOString(),
  completedAt: row.completed_at?.toISOString() ?? null,
  cancellableUntil: row.cancellable_until.toISOString(),
  cancellable: row.status === 'active' && row.cancellable_until.getTime() > Date.now(),
  cancelledAt: row.cancelled_at?.toISOString() ?? null,
  keyInformationVersion: row.key_information_version,
  disbursedPrincipal: row.disbursed_principal,
  realisedLoss: row.shortfall,
  plan: {
    title: row.plan_title,
    startDate: row.plan_start_date.toISOString(),
    endDate: row.plan_end_date.toISOString(),
    dailyInterestRate: row.plan_daily_interest_rate,
    durationDays: row.plan_duration_days,
    imageUrl: row.plan_image_url,
  },
});

/** The answer to a purchase, from the rows in hand (no second read on the hot path). */
export const investmentView = (row: InvestmentRow, plan: PlanSummaryRow): Investment =>
  toInvestment({
    ...row,
    interest: row.interest_earned,
    plan_title: plan.title,
    plan_start_date: plan.start_date,
    plan_end_date: plan.end_date,
    plan_daily_interest_rate: plan.daily_interest_rate,
    plan_duration_days: plan.duration_days,
    plan_image_url: plan.image_url,
  });

export async function listUserInvestments(
  db: Knex,
  userId: string,
  query: PageQuery,
): Promise<Page<Investment>> {
  const page = await pageOf<ListedRow>(listing(db).where('i.user_id', userId), query);
  return { ...page, items: page.items.map(toInvestment) };
}

/** Investments as the admin sees them: each with its investor's name and email. */
const adminListing = (db: Knex) =>
  listing(db)
    .leftJoin('users as u', 'u.id', 'i.user_id')
    .select('u.name as user_name', 'u.email as user_email');

const toAdminInvestment = (row: ListedRow): AdminInvestment => ({
  ...toInvestment(row),
  user: { name: row.user_name ?? 'Unknown User', email: row.user_email ?? '' },
});

/** Newest first, one page; `userId` keeps one investor's (through the (user_id, …) index). */
export async function listAdminInvestments(
  db: Knex,
  query: AdminInvestmentQuery,
): Promise<Page<AdminInvestment>> {
  const listed = adminListing(db);
  if (query.userId) void listed.where('i.user_id', query.userId);
  const page = await pageOf<ListedRow>(listed, query);
  return { ...page, items: page.items.map(toAdminInvestment) };
}

/** One investment of any investor as the admin's list shows it. */
export async function findAdminInvestment(db: Knex, id: string): Promise<AdminInvestment | undefined> {
  const row = await adminListing(db).where('i.id', id).first<ListedRow | undefined>();
  return row && toAdminInvestment(row);
}

/** Investments that keep a plan from being deleted: paid and not yet harvested, or still being paid. */
export async function countOpenInvestments(db: Knex, planId: string): Promise<number> {
  const [row] = await db('investments')
    .where({ plan_id: planId })
    .whereIn('status', ['pending', 'active'])
    .count<{ count: number }[]>({ count: '*' });
  return Number(row?.count ?? 0);
}

export async function plansStats(
  db: Knex,
): Promise<{ totalInvested: string; activePlans: number; activeInvestments: number; harvestsPaid: number }> {
  const result = await db.raw<{
    rows: {
      total_invested: string;
      active_plans: number;
      active_investments: number;
      harvests_paid: number;
    }[];
  }>(`
    SELECT
      (SELECT COALESCE(sum(principal), 0)::numeric(18,8) FROM investments WHERE status IN ('active', 'completed')) AS total_invested,
      (SELECT count(*) FROM plans WHERE deleted_at IS NULL AND is_active AND end_date > now()) AS active_plans,
      (SELECT count(*) FROM investments WHERE status = 'active') AS active_investments,
      (SELECT count(*) FROM investments WHERE status = 'completed') AS harvests_paid`);
  const row = result.rows[0];
  return {
    totalInvested: row?.total_invested ?? '0.00000000',
    activePlans: Number(row?.active_plans ?? 0),
    activeInvestments: Number(row?.active_investments ?? 0),
    harvestsPaid: Number(row?.harvests_paid ?? 0),
  };
}

/**
 * active -> cancelled within the four days to reconsider, decided by the database's clock in this one statement
 * (`now()`, the start of the cancelling transaction): a concurrent cancel or harvest changes the status first
 * and this one finds nothing. The interest goes to zero; the caller deletes the accruals in the same transaction.
 */
export async function markCancelled(
  trx: Knex.Transaction,
  id: string,
  userId: string,
): Promise<(InvestmentRow & { plan_title: string }) | undefined> {
  const result = await trx.raw<{ rows: (InvestmentRow & { plan_title: string })[] }>(
    `UPDATE investments i SET status = 'cancelled', cancelled_at = now(), interest_earned = 0
       FROM plans p
      WHERE i.id = ? AND i.user_id = ? AND i.status = 'active' AND now() < i.cancellable_until AND p.id = i.plan_id
     RETURNING i.*, p.title AS plan_title`,
    [id, userId],
  );
  return result.rows[0];
}

/** Why an investment could not be cancelled: its status and whether its window was still open (or nothing). */
export async function cancellationState(
  trx: Knex.Transaction,
  id: string,
  userId: string,
): Promise<{ status: InvestmentStatusRow; cancellable_until: Date; window_open: boolean } | undefined> {
  const result = await trx.raw<{
    rows: { status: InvestmentStatusRow; cancellable_until: Date; window_open: boolean }[];
  }>(
    `SELECT status, cancellable_until, now() < cancellable_until AS window_open FROM investments WHERE id = ? AND user_id = ?`,
    [id, userId],
  );
  return result.rows[0];
}

/**
 * A cancelled investment earns nothing: its accruals go (the reports' triggers subtract them), and its running
 * interest with them. Called after `markCancelled`, whose trigger read that running interest to take it out of
 * the active terms' rollup.
 */
export async function deleteAccruals(trx: Knex.Transaction, investmentId: string): Promise<void> {
  await trx('accruals').where({ investment_id: investmentId }).delete();
  await trx('compounding_interest').where({ investment_id: investmentId }).delete();
}

/** One of the investor's own investments as the lists show it. */
export async function findUserInvestment(
  db: Knex,
  id: string,
  userId: string,
): Promise<Investment | undefined> {
  const row = await listing(db).where({ 'i.id': id, 'i.user_id': userId }).first<ListedRow | undefined>();
  return row && toInvestment(row);
}
