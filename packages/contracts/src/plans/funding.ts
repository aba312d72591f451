// Funded payouts (issue 25, docs/decisions/0091-funded-payouts.md): what an admin records about a plan's money
// (principal sent to the operator, harvest proceeds received, the platform's reserve fund and its allocations),
// the settlement of a plan whose proceeds do not cover what is due, and the events that make the wallet move it.
import { z } from '../zod.ts';
import { optionalText, Timestamp, Uuid } from '../common.ts';
import { DAY_PATTERN, isCalendarDay } from '../calendar.ts';
import { MoneyString } from '../decimal.ts';
import { checkTxid } from '../chain/networks.ts';
import { NetworkType, PositiveAmount } from '../wallet/model.ts';
import { FundingChainVerdict } from '../chain/model.ts';

/** `legacy`: created before funded payouts, paid from `interest_paid` as before; `funded`: paid from its proceeds. */
export const FundingModel = z.enum(['legacy', 'funded']);
export type FundingModel = z.infer<typeof FundingModel>;

/**
 * Where a plan's harvest stands: `open` until it is due; `paying` once its payout was found covered (or an
 * admin settled it); `settlement_needed` when what is due exceeds what it holds; `postponed` to a new day;
 * `settled` paid pro rata; `failed` closed with a report.
 */
export const PayoutStatus = z.enum(['open', 'paying', 'settlement_needed', 'postponed', 'settled', 'failed']);
export type PayoutStatus = z.infer<typeof PayoutStatus>;

export const CalendarDay = z
  .string({ error: 'Date must be a day (YYYY-MM-DD)' })
  .regex(DAY_PATTERN, 'Date must be a day (YYYY-MM-DD)')
  .refine(isCalendarDay, 'Date must be a real day');

/** An on-chain transfer named by an admin: both or neither, the id in its network's form. */
const onChain = <T extends { network?: z.infer<typeof NetworkType> | null; txid: string | null }>(
  record: T,
  ctx: z.RefinementCtx,
): T => {
  if (!record.txid) return { ...record, network: null };
  if (!record.network) {
    ctx.addIssue({ code: 'custom', path: ['network'], message: 'Say which network the transaction is on' });
    return z.NEVER;
  }
  const check = checkTxid(record.network, record.txid);
  if (check.ok) return { ...record, txid: check.txid };
  ctx.addIssue({ code: 'custom', path: ['txid'], message: check.message });
  return z.NEVER;
};

const evidence = {
  network: NetworkType.nullish(),
  txid: optionalText('Transaction id', 200),
  /** The objectPath an upload returned: the receipt, contract or bank advice. */
  evidenceUrl: optionalText('Evidence', 1000),
};

export const DisbursementRequest = z
  .object({
    amount: PositiveAmount,
    disbursedOn: CalendarDay,
    ...evidence,
    note: optionalText('Note', 1000),
  })
  .strict()
  .transform(onChain)
  .openapi('DisbursementRequest');
export type DisbursementRequest = z.output<typeof DisbursementRequest>;

export const ProceedsRequest = z
  .object({
    amount: PositiveAmount,
    receivedOn: CalendarDay,
    buyer: z
      .string({ error: 'Buyer is required' })
      .trim()
      .min(1, 'Buyer is required')
      .max(200, 'Buyer must be at most 200 characters'),
    ...evidence,
  })
  .strict()
  .transform(onChain)
  .openapi('ProceedsRequest');
export type ProceedsRequest = z.output<typeof ProceedsRequest>;

const Reason = z
  .string({ error: 'Reason is required' })
  .trim()
  .min(1, 'Reason is required')
  .max(1000, 'Reason must be at most 1000 characters');

export const ReserveContributionRequest = z
  .object({ amount: PositiveAmount, receivedOn: CalendarDay, source: Reason, ...evidence })
  .strict()
  .transform(onChain)
  .openapi('ReserveContributionRequest');
export type ReserveContributionRequest = z.output<typeof ReserveContributionRequest>;

export const ReserveAllocationRequest = z
  .object({ amount: PositiveAmount, reason: Reason })
  .strict()
  .openapi('ReserveAllocationRequest');
export type ReserveAllocationRequest = z.output<typeof ReserveAllocationRequest>;

/** The four-eyes state of an allocation or a settlement: one admin proposes, a different one approves. */
export const ApprovalStatus = z.enum(['awaiting_second_approval', 'approved', 'rejected']);

export const Disbursement = z
  .object({
    id: Uuid,
    planId: Uuid,
    amount: MoneyString,
    disbursedOn: z.string(),
    network: NetworkType.nullable(),
    txid: z.string().nullable(),
    /** What the chain says of `txid` (decision 0095); status no_txid without one. */
    chain: FundingChainVerdict,
    evidenceUrl: z.string().nullable(),
    note: z.string().nullable(),
    investments: z.number().int(),
    createdBy: Uuid,
    createdAt: Timestamp,
  })
  .openapi('Disbursement');
export type Disbursement = z.infer<typeof Disbursement>;

/**
 * A disbursement as a plan's page shows it to anyone who may read the plan: how much went to the operator, on
 * which day, and the on-chain transfer with what the chain says of it (no evidence file, note or admin).
 */
export const PlanDisbursement = Disbursement.pick({
  id: true,
  amount: true,
  disbursedOn: true,
  network: true,
  txid: true,
  chain: true,
}).openapi('PlanDisbursement');
export type PlanDisbursement = z.infer<typeof PlanDisbursement>;

export const ProceedsReceipt = z
  .object({
    id: Uuid,
    planId: Uuid,
    amount: MoneyString,
    receivedOn: z.string(),
    buyer: z.string(),
    network: NetworkType.nullable(),
    txid: z.string().nullable(),
    /** What the chain says of `txid` (decision 0095); status no_txid without one. */
    chain: FundingChainVerdict,
    evidenceUrl: z.string().nullable(),
    createdBy: Uuid,
    createdAt: Timestamp,
  })
  .openapi('ProceedsReceipt');
export type ProceedsReceipt = z.infer<typeof ProceedsReceipt>;

export const ReserveContribution = z
  .object({
    id: Uuid,
    amount: MoneyString,
    receivedOn: z.string(),
    source: z.string(),
    network: NetworkType.nullable(),
    txid: z.string().nullable(),
    /** What the chain says of `txid` (decision 0095); status no_txid without one. */
    chain: FundingChainVerdict,
    evidenceUrl: z.string().nullable(),
    createdBy: Uuid,
    createdAt: Timestamp,
  })
  .openapi('ReserveContribution');
export type ReserveContribution = z.infer<typeof ReserveContribution>;

export const ReserveAllocation = z
  .object({
    id: Uuid,
    planId: Uuid,
    amount: MoneyString,
    reason: z.string(),
    status: ApprovalStatus,
    requestedBy: Uuid,
    approvedBy: Uuid.nullable(),
    createdAt: Timestamp,
    decidedAt: Timestamp.nullable(),
  })
  .openapi('ReserveAllocation');
export type ReserveAllocation = z.infer<typeof ReserveAllocation>;

export const ReserveFund = z
  .object({
    contributed: MoneyString,
    allocated: MoneyString,
    /** Contributed minus allocated (approved allocations only). */
    balance: MoneyString,
    awaitingApproval: z.number().int(),
  })
  .openapi('ReserveFund');
export type ReserveFund = z.infer<typeof ReserveFund>;

/**
 * A plan's money as investors and admins see it. `due` is principal plus interest accrued so far of the active
 * investments (at harvest: what is owed); `coverage` is (proceeds + reserve allocated) / due, null while
 * nothing is due; `proceedsRecorded` false says plainly that no proceeds were recorded yet.
 */
export const PlanFunding = z
  .object({
    planId: Uuid,
    /** The plan's title and its harvest day (its end day, YYYY-MM-DD), so a page of its money can name it. */
    planTitle: z.string(),
    harvestDay: z.string(),
    fundingModel: FundingModel,
    payoutStatus: PayoutStatus,
    raised: MoneyString,
    disbursed: MoneyString,
    lastDisbursedOn: z.string().nullable(),
    proceeds: MoneyString,
    proceedsRecorded: z.boolean(),
    reserveAllocated: MoneyString,
    paidOut: MoneyString,
    due: MoneyString,
    coverage: z.string().nullable(),
    postponedTo: z.string().nullable(),
    failureReport: z.string().nullable(),
  })
  .openapi('PlanFunding');
export type PlanFunding = z.infer<typeof PlanFunding>;

export const SettlementAction = z.enum(['postpone', 'pro_rata', 'fail', 'pay_covered']);

/**
 * What an admin proposes for a plan that needs settlement (a second admin approves it): `pay_covered` pays in
 * full once reserve allocated covers it; `postpone` to a later day; `pro_rata` shares what is available;
 * `fail` closes the plan with a report (and shares what is available as `pro_rata` does).
 */
export const SettlementRequest = z
  .discriminatedUnion(
    'action',
    [
      z.object({ action: z.literal('pay_covered') }).strict(),
      z.object({ action: z.literal('postpone'), until: CalendarDay }).strict(),
      z.object({ action: z.literal('pro_rata') }).strict(),
      z.object({ action: z.literal('fail'), report: Reason }).strict(),
    ],
    { error: 'action must be one of pay_covered, postpone, pro_rata, fail' },
  )
  .openapi('SettlementRequest');
export type SettlementRequest = z.output<typeof SettlementRequest>;

export const Settlement = z
  .object({
    id: Uuid,
    planId: Uuid,
    action: SettlementAction,
    until: z.string().nullable(),
    report: z.string().nullable(),
    status: ApprovalStatus,
    requestedBy: Uuid,
    approvedBy: Uuid.nullable(),
    createdAt: Timestamp,
    decidedAt: Timestamp.nullable(),
  })
  .openapi('Settlement');
export type Settlement = z.infer<typeof Settlement>;

/**
 * The records of platform money that may name an on-chain transfer (decision 0095): a disbursement leaves a platform
 * address for the operator; proceeds and reserve contributions arrive at one.
 */
export const FundingTransferKind = z.enum(['disbursement', 'proceeds', 'reserve_contribution']);
export type FundingTransferKind = z.infer<typeof FundingTransferKind>;

export const fundingEventSchemas = {
  /** A record of platform money named its on-chain transfer: the chain service verifies it (decision 0095). */
  'plan.funding_transfer_recorded': z.object({
    recordKind: FundingTransferKind,
    recordId: Uuid,
    planId: Uuid.nullable(),
    network: NetworkType,
    txid: z.string(),
    amount: MoneyString,
  }),
  /** An investment's share of a disbursement: the wallet moves it from the investor's invested to the operator. */
  'investment.disbursed': z.object({
    disbursementId: Uuid,
    investmentId: Uuid,
    userId: Uuid,
    planId: Uuid,
    amount: MoneyString,
  }),
  /** Harvest proceeds received for a plan: deposits_inflow -> the plan's proceeds. */
  'plan.proceeds_recorded': z.object({
    proceedsId: Uuid,
    planId: Uuid,
    amount: MoneyString,
    recordedBy: Uuid,
  }),
  /** Platform money put in the reserve fund: deposits_inflow -> reserve_fund. */
  'reserve.contributed': z.object({ contributionId: Uuid, amount: MoneyString, recordedBy: Uuid }),
  /** Reserve allocated to a plan (approved): reserve_fund -> the plan's proceeds. */
  'reserve.allocated': z.object({
    allocationId: Uuid,
    planId: Uuid,
    amount: MoneyString,
    approvedBy: Uuid,
  }),
  /**
   * A plan's proceeds do not cover its harvest: its investors' payouts wait for an admin's settlement. One event
   * per investor of the plan (each is told), with the plan's figures.
   */
  'plan.settlement_needed': z.object({
    planId: Uuid,
    planTitle: z.string(),
    due: MoneyString,
    available: MoneyString,
    userId: Uuid,
  }),
  /** A plan's payout was postponed to a later day; one event per investor of the plan. */
  'plan.payout_postponed': z.object({
    planId: Uuid,
    planTitle: z.string(),
    until: z.string(),
    userId: Uuid,
  }),
} as const;
