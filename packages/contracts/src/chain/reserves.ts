// Reserves and the proof of liabilities (decision 0082): what the chain service reads on chain, what the wallet and
// plans say the platform owes, each reconciliation as admins see it, and the published proof as anyone sees it.
// The Merkle-sum tree and the investor's proof themselves are in proof.ts.
import { z } from '../zod.ts';
import { Timestamp, Uuid } from '../common.ts';
import { NETWORK_TYPES } from './networks.ts';
import { ProofOfReservesRoot } from './proof.ts';

const Network = z.enum(NETWORK_TYPES);

/**
 * A platform-wide sum of USDT, 8 decimals. Wider than one account's numeric(18,8): the sum of every balance, or
 * what a platform address holds on chain, is not bounded by one account's column.
 */
export const UsdtTotal = z
  .string()
  .regex(/^\d{1,20}\.\d{8}$/)
  .openapi({ example: '1250000.50000000', description: 'USDT, 8 decimals' });

/** Reserves over liabilities, 4 decimals ("1.0250" is 102.5 %); null when nothing is owed. */
export const CoverageRatio = z
  .string()
  .regex(/^\d+\.\d{4}$/)
  .nullable()
  .openapi({
    example: '1.0250',
    description: 'reserves ÷ liabilities, 4 decimals; null when nothing is owed',
  });

// ---- request/reply: what the chain service asks the wallet and plans (cmd.*) ----

/** The wallet's user accounts summed by kind, and per network what its ledger says arrived and left there. */
export const WALLET_LIABILITIES_SUBJECT = 'cmd.wallet.liabilities';
/** One page of what the wallet owes each user (available + hold + invested), by user id. */
export const WALLET_BALANCES_PAGE_SUBJECT = 'cmd.wallet.balances_page';
/** Interest accrued on active investments and not paid yet, in all. */
export const PLANS_LIABILITIES_SUBJECT = 'cmd.plans.liabilities';
/** One page of that interest per user, by user id. */
export const PLANS_ACCRUED_PAGE_SUBJECT = 'cmd.plans.accrued_page';

export const LiabilitiesQuery = z.object({}).strict();

export const WalletLiabilities = z.object({
  /** Investors' available balances. */
  available: UsdtTotal,
  /** Withdrawals requested and not decided yet. */
  held: UsdtTotal,
  /** Principal in investments (moved back to available at harvest). */
  invested: UsdtTotal,
  /** Per network: deposits credited on it, and withdrawals paid from it (approved; TRC-20 only). */
  networks: z.array(
    z.object({
      network: Network,
      depositsCredited: UsdtTotal,
      withdrawalsPaid: UsdtTotal,
      /** Of the withdrawals paid, those whose payout transaction the chain has not verified (decision 0080). */
      withdrawalsUnverified: UsdtTotal,
    }),
  ),
});
export type WalletLiabilities = z.infer<typeof WalletLiabilities>;

export const PlansLiabilities = z.object({ accruedInterest: UsdtTotal });
export type PlansLiabilities = z.infer<typeof PlansLiabilities>;

/** Keyset paging over user ids: the users after `after` (none: from the first), at most `limit`. */
export const OwedPageQuery = z
  .object({ after: Uuid.nullable(), limit: z.number().int().min(1).max(10_000) })
  .strict();
export type OwedPageQuery = z.infer<typeof OwedPageQuery>;

/** Users owed more than zero, in user id order; `next` is the cursor of the following page, null after the last. */
export const OwedPage = z.object({
  items: z.array(z.object({ userId: Uuid, amount: UsdtTotal })),
  next: Uuid.nullable(),
});
export type OwedPage = z.infer<typeof OwedPage>;

// ---- reconciliations, as admins see them ----

export const ReconciliationStatus = z.enum(['covered', 'short', 'incomplete']);
export type ReconciliationStatus = z.infer<typeof ReconciliationStatus>;

export const ReserveAddress = z
  .object({
    address: z.string(),
    /** Its USDT at the network's final block; null when the network could not be read. */
    amount: UsdtTotal.nullable(),
    /** The address on the network's explorer, where anyone can check the figure; null without an explorer. */
    explorerUrl: z.string().nullable(),
  })
  .openapi('ReserveAddress');
export type ReserveAddress = z.infer<typeof ReserveAddress>;

/** What one network's platform addresses hold, or why they could not be read (never counted as zero). */
export const ReserveNetwork = z
  .object({
    network: Network,
    status: z.enum(['read', 'unread']),
    /** Why it was not read: its endpoint failed, or the platform does not watch it. */
    error: z.string().nullable(),
    amount: UsdtTotal.nullable(),
    /** The final block the balances were read at (a decimal string: block numbers outgrow JSON's integers). */
    finalBlock: z.string().nullable(),
    usdtContract: z.string(),
    addresses: z.array(ReserveAddress),
  })
  .openapi('ReserveNetwork');
export type ReserveNetwork = z.infer<typeof ReserveNetwork>;

/** A network as the ledger sees it beside what is on chain: deposits credited there less withdrawals paid from it. */
export const LedgerNetwork = ReserveNetwork.extend({
  depositsCredited: UsdtTotal,
  withdrawalsPaid: UsdtTotal,
  /** Of the withdrawals paid, those whose payout the chain has not verified (no transaction id, or a mismatch). */
  withdrawalsUnverified: UsdtTotal,
}).openapi('LedgerNetwork');
export type LedgerNetwork = z.infer<typeof LedgerNetwork>;

export const Reconciliation = z
  .object({
    id: Uuid,
    trigger: z.enum(['schedule', 'admin']),
    startedAt: Timestamp,
    finishedAt: Timestamp,
    /** covered or short; incomplete when a network was unread and what was read does not cover the liabilities. */
    status: ReconciliationStatus,
    /** What the networks read hold. */
    reserves: UsdtTotal,
    liabilities: z.object({
      available: UsdtTotal,
      held: UsdtTotal,
      invested: UsdtTotal,
      accruedInterest: UsdtTotal,
      total: UsdtTotal,
    }),
    /** Liabilities less reserves when short, else 0. */
    shortfall: UsdtTotal,
    coverage: CoverageRatio,
    networks: z.array(LedgerNetwork),
  })
  .openapi('Reconciliation');
export type Reconciliation = z.infer<typeof Reconciliation>;

/** The latest proof build as admins see it. */
export const ProofBuildSummary = z
  .object({
    builtAt: Timestamp,
    /** Investors owed more than zero at the build; 0 when nobody was (nothing was published). */
    leafCount: z.number().int().min(0),
    total: UsdtTotal,
    rootHash: z.string().nullable(),
  })
  .openapi('ProofBuildSummary');
export type ProofBuildSummary = z.infer<typeof ProofBuildSummary>;

export const ReservesOverview = z
  .object({ latest: Reconciliation.nullable(), proof: ProofBuildSummary.nullable() })
  .openapi('ReservesOverview');
export type ReservesOverview = z.infer<typeof ReservesOverview>;

export const RESERVES_HISTORY_MAX_DAYS = 90;

export const ReservesHistoryQuery = z
  .object({
    days: z.coerce
      .number()
      .int('days must be a whole number')
      .min(1, 'days must be at least 1')
      .max(RESERVES_HISTORY_MAX_DAYS, `days must be at most ${RESERVES_HISTORY_MAX_DAYS}`)
      .default(RESERVES_HISTORY_MAX_DAYS),
  })
  .strict();
export type ReservesHistoryQuery = z.infer<typeof ReservesHistoryQuery>;

/** One UTC day: its last run's figures, and the largest shortfall any of its runs found. */
export const ReservesDay = z
  .object({
    day: z.iso.date(),
    reserves: UsdtTotal,
    liabilities: UsdtTotal,
    coverage: CoverageRatio,
    worstShortfall: UsdtTotal,
    runs: z.number().int().min(1),
  })
  .openapi('ReservesDay');
export type ReservesDay = z.infer<typeof ReservesDay>;

/** The days with at least one run, oldest first. */
export const ReservesHistory = z.object({ days: z.array(ReservesDay) }).openapi('ReservesHistory');
export type ReservesHistory = z.infer<typeof ReservesHistory>;

export const ProofBuildStarted = z.object({ startedAt: Timestamp }).openapi('ProofBuildStarted');
export type ProofBuildStarted = z.infer<typeof ProofBuildStarted>;

// ---- the published proof, as anyone sees it ----

/** A network's reserves as published: what each platform address held, checkable on the network's explorer. */
export const PublishedReserves = z
  .object({
    reconciledAt: Timestamp,
    /** Every network was read; false when one could not be (its figure is missing, never taken as zero). */
    complete: z.boolean(),
    total: UsdtTotal,
    networks: z.array(ReserveNetwork),
  })
  .openapi('PublishedReserves');
export type PublishedReserves = z.infer<typeof PublishedReserves>;

export const ProofOfReservesReport = z
  .object({
    /** The latest tree's root; null before the first build, or when nobody was owed anything at the last one. */
    proof: ProofOfReservesRoot.nullable(),
    /** When the last build ran (also when it had no leaf). */
    builtAt: Timestamp.nullable(),
    /** The reserves read by the reconciliation that was latest when the tree was built. */
    reserves: PublishedReserves.nullable(),
    /** Those reserves over the tree's total. */
    coverage: CoverageRatio,
  })
  .openapi('ProofOfReservesReport');
export type ProofOfReservesReport = z.infer<typeof ProofOfReservesReport>;
