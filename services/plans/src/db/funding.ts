// The records of a plan's money (docs/decisions/0091-funded-payouts.md): disbursements and each investment's
// share, proceeds, the reserve fund's contributions and allocations, settlements, and the figures built on them.
import type {
  Disbursement,
  FundingChainVerdict,
  PlanDisbursement,
  PlanFunding,
  ProceedsReceipt,
  ReserveAllocation,
  ReserveContribution,
  ReserveFund,
  Settlement,
} from '@cropvest/contracts';
import { MoneyDecimal } from '@cropvest/contracts';
import { pageOf, type Knex, type Page } from '@cropvest/service-kit/db';
import { coverageOf } from '../domain/coverage.ts';

/** Serialises everything that reads or moves the reserve fund's balance. */
export const RESERVE_LOCK_KEY = 7_300_391;

export interface FundingPlanRow {
  id: string;
  title: string;
  funding_model: 'legacy' | 'funded';
  payout_status: PlanFunding['payoutStatus'];
  payout_postponed_to: string | null;
  failure_report: string | null;
  proceeds_received: string;
  reserve_allocated: string;
  paid_from_proceeds: string;
  end_date: Date;
}

interface EvidenceColumns {
  network: 'TRC20' | 'ERC20' | 'BEP20' | null;
  txid: string | null;
  evidence_url: string | null;
  created_by: string;
  created_at: Date;
  chain_status: FundingChainVerdict['status'];
  chain_reason: FundingChainVerdict['reason'];
  chain_message: string | null;
  chain_confirmations: number | null;
  chain_required_confirmations: number | null;
  chain_checked_at: Date | null;
}

/** The chain's latest verdict on a record's transaction (decision 0095). */
const chainVerdictOf = (row: EvidenceColumns): FundingChainVerdict => ({
  status: row.chain_status,
  reason: row.chain_reason,
  message: row.chain_message,
  confirmations: row.chain_confirmations,
  requiredConfirmations: row.chain_required_confirmations,
  checkedAt: row.chain_checked_at?.toISOString() ?? null,
});

export interface DisbursementRow extends EvidenceColumns {
  id: string;
  plan_id: string;
  amount: string;
  disbursed_on: string;
  note: string | null;
  investments: number;
}

export const toDisbursement = (row: DisbursementRow): Disbursement => ({
  id: row.id,
  planId: row.plan_id,
  amount: row.amount,
  disbursedOn: row.disbursed_on,
  network: row.network,
  txid: row.txid,
  chain: chainVerdictOf(row),
  evidenceUrl: row.evidence_url,
  note: row.note,
  investments: row.investments,
  createdBy: row.created_by,
  createdAt: row.created_at.toISOString(),
});

/** What anyone who may read the plan sees of a disbursement (its page): no evidence, note or admin. */
export function toPlanDisbursement(row: DisbursementRow): PlanDisbursement {
  const { id, amount, disbursedOn, network, txid, chain } = toDisbursement(row);
  return { id, amount, disbursedOn, network, txid, chain };
}

export interface ProceedsRow extends EvidenceColumns {
  id: string;
  plan_id: string;
  amount: string;
  received_on: string;
  buyer: string;
}

export const toProceeds = (row: ProceedsRow): ProceedsReceipt => ({
  id: row.id,
  planId: row.plan_id,
  amount: row.amount,
  receivedOn: row.received_on,
  buyer: row.buyer,
  network: row.network,
  txid: row.txid,
  chain: chainVerdictOf(row),
  evidenceUrl: row.evidence_url,
  createdBy: row.created_by,
  createdAt: row.created_at.toISOString(),
});

export interface ContributionRow extends EvidenceColumns {
  id: string;
  amount: string;
  received_on: string;
  source: string;
}

export const toContribution = (row: ContributionRow): ReserveContribution => ({
  id: row.id,
  amount: row.amount,
  receivedOn: row.received_on,
  source: row.source,
  network: row.network,
  txid: row.txid,
  chain: chainVerdictOf(row),
  evidenceUrl: row.evidence_url,
  createdBy: row.created_by,
  createdAt: row.created_at.toISOString(),
});

interface ApprovalColumns {
  id: string;
  plan_id: string;
  status: ReserveAllocation['status'];
  requested_by: string;
  approved_by: string | null;
  created_at: Date;
  decided_at: Date | null;
}

export interface AllocationRow extends ApprovalColumns {
  amount: string;
  reason: string;
}

export const toAllocation = (row: AllocationRow): ReserveAllocation => ({
  id: row.id,
  planId: row.plan_id,
  amount: row.amount,
  reason: row.reason,
  status: row.status,
  requestedBy: row.requested_by,
  approvedBy: row.approved_by,
  createdAt: row.created_at.toISOString(),
  decidedAt: row.decided_at?.toISOString() ?? null,
});

export interface SettlementRow extends ApprovalColumns {
  action: Settlement['action'];
  until: string | null;
  report: string | null;
}

export const toSettlement = (row: SettlementRow): Settlement => ({
  id: row.id,
  planId: row.plan_id,
  action: row.action,
  until: row.until,
  report: row.report,
  status: row.status,
  requestedBy: row.requested_by,
  approvedBy: row.approved_by,
  createdAt: row.created_at.toISOString(),
  decidedAt: row.decided_at?.toISOString() ?? null,
});

/** The columns of a record with its day as text (a `date` would come back as a local midnight). */
const withDay = (db: Knex, table: string, day: string) => [
  `${table}.*`,
  db.raw(`to_char(${table}.${day}, 'YYYY-MM-DD') AS ${day}`),
];

const newestFirst = [
  { column: 'created_at', order: 'desc' as const },
  { column: 'id', order: 'desc' as const },
];

export const pageDisbursements = (db: Knex, planId: string, page: { page: number; pageSize: number }) =>
  pageOf<DisbursementRow>(
    db('plan_disbursements')
      .where({ plan_id: planId })
      .select(withDay(db, 'plan_disbursements', 'disbursed_on'))
      .orderBy(newestFirst),
    page,
  );

export const pageProceeds = (db: Knex, planId: string, page: { page: number; pageSize: number }) =>
  pageOf<ProceedsRow>(
    db('plan_proceeds')
      .where({ plan_id: planId })
      .select(withDay(db, 'plan_proceeds', 'received_on'))
      .orderBy(newestFirst),
    page,
  );

export const pageContributions = (db: Knex, page: { page: number; pageSize: number }) =>
  pageOf<ContributionRow>(
    db('reserve_contributions')
      .select(withDay(db, 'reserve_contributions', 'received_on'))
      .orderBy(newestFirst),
    page,
  );

export const pageAllocations = (db: Knex, page: { page: number; pageSize: number }) =>
  pageOf<AllocationRow>(db('reserve_allocations').select('*').orderBy(newestFirst), page);

export const pageSettlements = (db: Knex, planId: string, page: { page: number; pageSize: number }) =>
  pageOf<SettlementRow>(
    db('plan_settlements')
      .where({ plan_id: planId })
      .select('plan_settlements.*', db.raw(`to_char(until, 'YYYY-MM-DD') AS until`))
      .orderBy(newestFirst),
    page,
  );

/** The reserve fund by the records: contributed, allocated (approved), and proposals awaiting a second admin. */
export async function reserveFund(db: Knex): Promise<ReserveFund> {
  const row = await db.first(
    db.raw(`(SELECT coalesce(sum(amount), 0)::text FROM reserve_contributions) AS contributed`),
    db.raw(
      `(SELECT coalesce(sum(amount), 0)::text FROM reserve_allocations WHERE status = 'approved') AS allocated`,
    ),
    db.raw(
      `(SELECT count(*)::int FROM reserve_allocations WHERE status = 'awaiting_second_approval') AS awaiting`,
    ),
  );
  const contributed = new MoneyDecimal(row.contributed as string);
  const allocated = new MoneyDecimal(row.allocated as string);
  return {
    contributed: contributed.toFixed(8),
    allocated: allocated.toFixed(8),
    balance: contributed.minus(allocated).toFixed(8),
    awaitingApproval: row.awaiting as number,
  };
}

/**
 * What a funded plan owes from its proceeds, over its active investments: principal disbursed plus interest
 * accrued so far (at harvest: everything owed), and the principal still in investors' `invested` accounts.
 */
export const DUE_FROM_PROCEEDS = `
  SELECT i.plan_id,
         coalesce(sum(i.disbursed_principal + coalesce(a.interest, 0)), 0) AS due
    FROM investments i
    LEFT JOIN LATERAL (SELECT sum(amount) AS interest FROM accruals WHERE investment_id = i.id) a ON true
   WHERE i.status = 'active'`;

/** What one plan (the outer query's `plans` row) owes from its proceeds now: the sum of DUE_FROM_PROCEEDS. */
export const PLAN_DUE_SQL = `(SELECT coalesce(sum(d.due), 0)::text FROM (${DUE_FROM_PROCEEDS} AND i.plan_id = plans.id GROUP BY i.plan_id) d)`;

type FundingFiguresRow = FundingPlanRow & {
  harvest_day: string;
  disbursed: string;
  last_disbursed_on: string | null;
  proceeds_count: number;
  raised: string;
  due: string;
};

/** Plans (not deleted) with every figure of their money, one row each; the caller filters and orders. */
const fundingFigures = (db: Knex) =>
  db('plans')
    .whereNull('deleted_at')
    .select(
      'plans.*',
      db.raw(`to_char(payout_postponed_to, 'YYYY-MM-DD') AS payout_postponed_to`),
      db.raw(`to_char(end_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS harvest_day`),
      db.raw(
        `(SELECT coalesce(sum(amount), 0)::text FROM plan_disbursements d WHERE d.plan_id = plans.id) AS disbursed`,
      ),
      db.raw(
        `(SELECT to_char(max(disbursed_on), 'YYYY-MM-DD') FROM plan_disbursements d WHERE d.plan_id = plans.id) AS last_disbursed_on`,
      ),
      db.raw(`(SELECT count(*)::int FROM plan_proceeds r WHERE r.plan_id = plans.id) AS proceeds_count`),
      db.raw(
        `(SELECT coalesce(sum(principal), 0)::text FROM investments i WHERE i.plan_id = plans.id AND i.status IN ('active', 'completed')) AS raised`,
      ),
      db.raw(`${PLAN_DUE_SQL} AS due`),
    );

const toPlanFunding = (plan: FundingFiguresRow): PlanFunding => {
  const due = new MoneyDecimal(plan.due).toFixed(8);
  return {
    planId: plan.id,
    planTitle: plan.title,
    harvestDay: plan.harvest_day,
    fundingModel: plan.funding_model,
    payoutStatus: plan.payout_status,
    raised: new MoneyDecimal(plan.raised).toFixed(8),
    disbursed: new MoneyDecimal(plan.disbursed).toFixed(8),
    lastDisbursedOn: plan.last_disbursed_on,
    proceeds: new MoneyDecimal(plan.proceeds_received).toFixed(8),
    proceedsRecorded: plan.proceeds_count > 0,
    reserveAllocated: new MoneyDecimal(plan.reserve_allocated).toFixed(8),
    paidOut: new MoneyDecimal(plan.paid_from_proceeds).toFixed(8),
    due,
    coverage: coverageOf({
      proceeds: plan.proceeds_received,
      reserveAllocated: plan.reserve_allocated,
      paidOut: plan.paid_from_proceeds,
      due,
    }),
    postponedTo: plan.payout_postponed_to,
    failureReport: plan.failure_report,
  };
};

/** A plan's money for the plan page, Browse Plans and My Investments. */
export async function planFunding(db: Knex, planId: string): Promise<PlanFunding | undefined> {
  const row = await fundingFigures(db).where('plans.id', planId).first<FundingFiguresRow | undefined>();
  return row ? toPlanFunding(row) : undefined;
}

/** The admin desk: every plan's money, those waiting for a settlement first, then by harvest day. */
export async function pagePlanFunding(
  db: Knex,
  query: { page: number; pageSize: number; payoutStatus?: PlanFunding['payoutStatus'] },
): Promise<Page<PlanFunding>> {
  const rows = fundingFigures(db)
    .modify((q) => {
      if (query.payoutStatus) q.where('plans.payout_status', query.payoutStatus);
    })
    .orderByRaw(`plans.payout_status = 'settlement_needed' DESC, plans.end_date, plans.id`);
  const page = await pageOf<FundingFiguresRow>(rows, query);
  return {
    items: page.items.map(toPlanFunding),
    total: page.total,
  };
}

export type { Page };
