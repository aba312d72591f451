// The wallet's calls (spec sections 3, 5 and 7): platform wallet settings, deposits, withdrawals, uploads,
// and the request/reply commands other services send it. Amounts come in as decimal strings or JSON numbers
// and always go out as strings with 8 decimals.
import { z } from '../zod.ts';
import { AdminSearch, optionalText, PageQuery, requiredText, Role, Timestamp, Uuid } from '../common.ts';
import { decimalInput, MoneyString } from '../decimal.ts';
import { NETWORK_TYPES, WITHDRAWAL_NETWORKS } from '../chain/networks.ts';
import {
  checkTxid,
  DEFAULT_DEPOSIT_NETWORK,
  DepositChainVerdict,
  WithdrawalChainVerdict,
} from '../chain/model.ts';

export const NetworkType = z.enum(NETWORK_TYPES);
export type NetworkType = z.infer<typeof NetworkType>;

export const DepositStatus = z.enum(['pending', 'approved', 'rejected']);
export type DepositStatus = z.infer<typeof DepositStatus>;
export const WithdrawalStatus = DepositStatus;
export type WithdrawalStatus = DepositStatus;

/** Minimum deposit and withdrawal (spec section 9). */
export const MIN_TRANSFER_AMOUNT = '1';

/** A deposit or withdrawal amount: at least 1, at most 8 decimals, fits numeric(18,8). */
export const TransferAmount = decimalInput({
  label: 'Amount',
  scale: 8,
  integerDigits: 10,
  min: MIN_TRANSFER_AMOUNT,
  minMessage: 'Amount must be at least 1',
});
/** Any positive ledger amount (commands from other services). */
export const PositiveAmount = decimalInput({
  label: 'Amount',
  scale: 8,
  integerDigits: 10,
  positive: true,
  minMessage: 'Amount must be positive',
});
/** Zero or more (an admin setting a balance). */
export const NonNegativeAmount = decimalInput({
  label: 'Balance',
  scale: 8,
  integerDigits: 10,
  min: '0',
  minMessage: 'Balance must not be negative',
});

// ---- platform wallet settings ----

export const WalletSettings = z
  .object({
    id: Uuid,
    usdtWalletAddress: z.string(),
    networkType: NetworkType,
    isActive: z.boolean(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('WalletSettings');
export type WalletSettings = z.infer<typeof WalletSettings>;

/** `null` until an admin configures the address (the admin screen's "No wallets configured"). */
export const WalletSettingsResponse = WalletSettings.nullable().openapi('WalletSettingsResponse');

export const WalletSettingsUpdate = z
  .object({
    address: z
      .string(requiredText('Wallet address'))
      .trim()
      .min(1, 'Wallet address is required')
      .max(100, 'Wallet address must be at most 100 characters'),
    networkType: NetworkType.default('TRC20'),
    isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  })
  .strict()
  .openapi('WalletSettingsUpdate');
export type WalletSettingsUpdate = z.infer<typeof WalletSettingsUpdate>;

/** One save of the platform wallet: who changed it, when, and what it was before (null for the first save). */
export const WalletAddressChange = z
  .object({
    id: Uuid,
    adminId: Uuid,
    /** From the wallet's user directory; null when the admin is not (yet) known there. */
    adminName: z.string().nullable(),
    previousAddress: z.string().nullable(),
    previousNetwork: NetworkType.nullable(),
    previousIsActive: z.boolean().nullable(),
    address: z.string(),
    network: NetworkType,
    isActive: z.boolean(),
    createdAt: Timestamp,
  })
  .openapi('WalletAddressChange');
export type WalletAddressChange = z.infer<typeof WalletAddressChange>;

// ---- payment methods ----

/** Whether a network is accepted for deposits and for withdrawals. */
export const PaymentMethod = z
  .object({
    network: NetworkType,
    deposits: z.boolean({ error: 'deposits must be true or false' }),
    withdrawals: z.boolean({ error: 'withdrawals must be true or false' }),
  })
  .openapi('PaymentMethod');
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const PaymentMethodUpdate = PaymentMethod.strict()
  .refine((method) => !method.withdrawals || WITHDRAWAL_NETWORKS.includes(method.network), {
    path: ['withdrawals'],
    message: 'Withdrawals are paid out on TRC-20 only',
  })
  .openapi('PaymentMethodUpdate');
export type PaymentMethodUpdate = z.infer<typeof PaymentMethodUpdate>;

// ---- deposits ----

export const DepositRequest = z
  .object({
    amount: TransferAmount,
    /** The network the USDT was sent on; the spec's calls send none and mean TRC-20. */
    network: NetworkType.default(DEFAULT_DEPOSIT_NETWORK),
    /** The transaction that moved the USDT, in its network's form (checked below); the chain verifies it. */
    txid: optionalText('Transaction id', 200),
    /** The objectPath an upload returned (or the uploadURL itself); empty means no proof. */
    screenshotUrl: optionalText('screenshotUrl', 1000),
  })
  .strict()
  .transform((deposit, ctx) => {
    if (!deposit.txid) return deposit;
    const check = checkTxid(deposit.network, deposit.txid);
    if (check.ok) return { ...deposit, txid: check.txid };
    ctx.addIssue({ code: 'custom', path: ['txid'], message: check.message });
    return z.NEVER;
  })
  .openapi('DepositRequest');
export type DepositRequest = z.infer<typeof DepositRequest>;

export const Deposit = z
  .object({
    id: Uuid,
    userId: Uuid,
    /** What was credited once approved (the chain's amount when the chain verified it); the claim until then. */
    amount: MoneyString,
    /** What the investor typed: only a hint when the chain verifies the transaction. */
    claimedAmount: MoneyString,
    network: NetworkType,
    txid: z.string().nullable(),
    screenshotUrl: z.string().nullable(),
    status: DepositStatus,
    approvedBy: Uuid.nullable(),
    approvedAt: Timestamp.nullable(),
    /** Who credited it: the chain (verified, within the auto-credit ceiling) or an admin; null until approved. */
    creditedBy: z.enum(['chain', 'admin']).nullable(),
    rejectionReason: z.string().nullable(),
    /** The chain's verdict on the transaction (docs/decisions/0080). */
    chain: DepositChainVerdict,
    createdAt: Timestamp,
  })
  .openapi('Deposit');
export type Deposit = z.infer<typeof Deposit>;

export const UserSummary = z.object({ name: z.string(), email: z.string() }).openapi('UserSummary');
/**
 * The admin view: the user, and the four-eyes approval (at or above `secondApprovalThreshold` two different admins
 * approve, as withdrawals): a first approval leaves the deposit pending and credits nothing.
 */
export const AdminDeposit = Deposit.extend({
  user: UserSummary,
  requiresSecondApproval: z.boolean(),
  firstApprovedBy: Uuid.nullable(),
  firstApprovedAt: Timestamp.nullable(),
  firstApproverName: z.string().nullable(),
  approverName: z.string().nullable(),
}).openapi('AdminDeposit');
export type AdminDeposit = z.infer<typeof AdminDeposit>;

/** When a request was reviewed (approved or rejected, by an admin or by the chain's verdict); null while pending. */
const Reviewed = { reviewedAt: Timestamp.nullable() };
/** One deposit on its own page: the list item and when it was reviewed. */
export const DepositDetail = Deposit.extend(Reviewed).openapi('DepositDetail');
export type DepositDetail = z.infer<typeof DepositDetail>;
export const AdminDepositDetail = AdminDeposit.extend(Reviewed).openapi('AdminDepositDetail');
export type AdminDepositDetail = z.infer<typeof AdminDepositDetail>;

const ReviewStatus = z.enum(['approved', 'rejected'], { error: 'status must be one of: approved, rejected' });

export const DepositStatusUpdate = z
  .object({ status: ReviewStatus, rejectionReason: optionalText('Rejection reason', 500) })
  .strict()
  .openapi('DepositStatusUpdate');
export type DepositStatusUpdate = z.infer<typeof DepositStatusUpdate>;

export const ProofLink = z
  .object({
    url: z.string(),
    expiresAt: Timestamp,
    /** What the stored file is (image/png, application/pdf…), so a viewer can show it inline. */
    contentType: z.string().nullable(),
  })
  .openapi('ProofLink');
export type ProofLink = z.infer<typeof ProofLink>;

// ---- withdrawals ----

export const WithdrawalRequest = z
  .object({
    amount: TransferAmount,
    walletAddress: z
      .string(requiredText('Wallet address'))
      .trim()
      .min(1, 'Wallet address is required')
      .max(100, 'Wallet address must be at most 100 characters'),
    /**
     * A destination that looks like an address used or saved before, but is not it (address poisoning, decision
     * 0097), is refused with LOOKALIKE_ADDRESS unless this is true.
     */
    confirmLookalike: z.boolean({ error: 'confirmLookalike must be true or false' }).optional(),
  })
  .strict()
  .openapi('WithdrawalRequest');
export type WithdrawalRequest = z.infer<typeof WithdrawalRequest>;

export const Withdrawal = z
  .object({
    id: Uuid,
    userId: Uuid,
    amount: MoneyString,
    walletAddress: z.string(),
    status: WithdrawalStatus,
    approvedBy: Uuid.nullable(),
    approvedAt: Timestamp.nullable(),
    rejectionReason: z.string().nullable(),
    txid: z.string().nullable(),
    /** The chain's verdict on the payout transaction (docs/decisions/0080). */
    chain: WithdrawalChainVerdict,
    createdAt: Timestamp,
  })
  .openapi('Withdrawal');
export type Withdrawal = z.infer<typeof Withdrawal>;

/**
 * The admin view of a withdrawal: the spec's fields and user, plus the four-eyes approval (a withdrawal at or
 * above the security settings' `secondApprovalThreshold` needs two different admins). A first approval leaves
 * the status pending and moves nothing; `firstApprovedBy`/`firstApprovedAt` record it.
 */
export const AdminWithdrawal = Withdrawal.extend({
  user: UserSummary,
  requiresSecondApproval: z.boolean().openapi({
    description: 'True when the amount is at or above the current second-approval threshold',
  }),
  firstApprovedBy: Uuid.nullable(),
  firstApprovedAt: Timestamp.nullable(),
  /** Names of the admins who gave the first and the final approval ('Unknown User' when not projected yet). */
  firstApproverName: z.string().nullable(),
  approverName: z.string().nullable(),
}).openapi('AdminWithdrawal');
export type AdminWithdrawal = z.infer<typeof AdminWithdrawal>;

/** One withdrawal on its own page: the list item and when it was reviewed. */
export const WithdrawalDetail = Withdrawal.extend(Reviewed).openapi('WithdrawalDetail');
export type WithdrawalDetail = z.infer<typeof WithdrawalDetail>;
export const AdminWithdrawalDetail = AdminWithdrawal.extend(Reviewed).openapi('AdminWithdrawalDetail');
export type AdminWithdrawalDetail = z.infer<typeof AdminWithdrawalDetail>;

/**
 * The TRC-20 transaction the admin sent a payout with, from their own wallet (withdrawals are paid on TRC-20
 * only); the chain verifies it. Blank means none, as the spec allows.
 */
const PayoutTxid = optionalText('Transaction id', 200).transform((txid, ctx) => {
  if (!txid) return txid;
  const check = checkTxid('TRC20', txid);
  if (check.ok) return check.txid;
  ctx.addIssue({ code: 'custom', message: check.message });
  return z.NEVER;
});

export const WithdrawalStatusUpdate = z
  .object({
    status: ReviewStatus,
    txid: PayoutTxid,
    rejectionReason: optionalText('Rejection reason', 500),
  })
  .strict()
  .openapi('WithdrawalStatusUpdate');
export type WithdrawalStatusUpdate = z.infer<typeof WithdrawalStatusUpdate>;

/** The payout's transaction id, given after an approval without one (or replacing one the chain found wrong). */
export const WithdrawalTxidUpdate = z
  .object({
    txid: PayoutTxid.refine((txid) => txid !== null, 'Transaction id is required'),
  })
  .strict()
  .openapi('WithdrawalTxidUpdate');
export type WithdrawalTxidUpdate = z.infer<typeof WithdrawalTxidUpdate>;

// ---- the admin lists of deposits and withdrawals ----

export const AdminTransferStatusFilter = z.enum(['all', 'pending', 'approved', 'rejected'], {
  error: 'status must be one of: all, pending, approved, rejected',
});
export type AdminTransferStatusFilter = z.infer<typeof AdminTransferStatusFilter>;
/** `createdAt` oldest first, `-createdAt` newest first (the default), `amount` / `-amount` by amount. */
export const AdminTransferSort = z.enum(['-createdAt', 'createdAt', '-amount', 'amount'], {
  error: 'sort must be one of: -createdAt, createdAt, -amount, amount',
});
export type AdminTransferSort = z.infer<typeof AdminTransferSort>;

export const AdminTransferListQuery = PageQuery.extend({
  /**
   * Searched in the user's name and email, and the deposit's transaction id or the withdrawal's address; a whole
   * deposit or withdrawal id finds that request.
   */
  q: AdminSearch,
  /** Only this user's requests (the admin's user page). */
  userId: Uuid.optional(),
  status: AdminTransferStatusFilter.default('all'),
  sort: AdminTransferSort.default('-createdAt'),
})
  .strict()
  .openapi('AdminTransferListQuery');
export type AdminTransferListQuery = z.infer<typeof AdminTransferListQuery>;

export const AdminTransferCountsQuery = z
  .object({ q: AdminSearch })
  .strict()
  .openapi('AdminTransferCountsQuery');
export type AdminTransferCountsQuery = z.infer<typeof AdminTransferCountsQuery>;

/** How many requests match the search in each status (the screens' filter counters). */
export const AdminTransferCounts = z
  .object({
    all: z.number().int(),
    pending: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
    /** Pending ones with a first approval, waiting for a second admin. */
    awaitingSecondApproval: z.number().int(),
  })
  .openapi('AdminTransferCounts');
export type AdminTransferCounts = z.infer<typeof AdminTransferCounts>;

// ---- transaction history (the investor's Transaction History screen) ----

/**
 * The screen's tabs: All Transactions, Investments (harvest payouts and realised losses included), Deposits,
 * Withdrawals.
 */
export const TransactionHistoryFilter = z.enum(['all', 'investments', 'deposits', 'withdrawals']);
export type TransactionHistoryFilter = z.infer<typeof TransactionHistoryFilter>;

export const TransactionHistoryQuery = PageQuery.extend({ type: TransactionHistoryFilter.default('all') })
  .strict()
  .openapi('TransactionHistoryQuery');
export type TransactionHistoryQuery = z.infer<typeof TransactionHistoryQuery>;

export const TransactionHistoryItem = z
  .object({
    id: Uuid.openapi({
      description:
        'The deposit or withdrawal id; for investments, harvest payouts and adjustments the ledger transfer ' +
        'id; for a realised loss the investment id (one loss per investment)',
    }),
    type: z.enum(['deposit', 'withdrawal', 'investment', 'harvest', 'adjustment', 'realised_loss']).openapi({
      description:
        'realised_loss: what a harvest settled short (docs/decisions/0096) did not pay of what the ' +
        'investment was due; it moves no money and stands beside the harvest payout',
    }),
    direction: z.enum(['in', 'out', 'none']).openapi({
      description:
        'Which way the amount moved through the available balance: in for deposits, harvest payouts and ' +
        'upward adjustments; out for withdrawals, investments and downward adjustments; none for a realised ' +
        'loss, which moves no money. The Transaction History screen signs by this direction ' +
        '(docs/decisions/0108-history-signs-by-direction.md).',
    }),
    amount: MoneyString,
    status: z.enum(['pending', 'approved', 'rejected', 'completed', 'active']).openapi({
      description:
        "A deposit's or withdrawal's review status; completed for ledger movements (investments, harvest " +
        'payouts, adjustments) and realised losses; active for an investment still growing in its plan ' +
        '(not yet paid back by its harvest, cancelled or settled short)',
    }),
    description: z.string().openapi({
      example: 'Winter Wheat · 3 slots',
      description:
        'What the row is, for people: "Deposit", "Withdrawal to <address>", the plan and slots of an ' +
        'investment, "<plan> · Harvest payout (principal)" or "(interest)", "Balance adjustment: <reason>", ' +
        '"<plan> · Realised loss: due at harvest, not paid (settled short)"',
    }),
    reference: z
      .string()
      .nullable()
      .openapi({
        description:
          'Deposit: the transaction id given with it; withdrawal: the destination address; investment, ' +
          'harvest payout and realised loss: the investment id; adjustment: null',
      }),
    createdAt: Timestamp,
  })
  .openapi('TransactionHistoryItem', {
    description: "One movement of the investor's own money, newest first in GET /api/transactions",
  });
export type TransactionHistoryItem = z.infer<typeof TransactionHistoryItem>;

// ---- uploads (ARCHITECTURE.md section 8) ----

export const UploadPurpose = z.enum(['deposit-proof', 'plan-image', 'kyc-document']);
export type UploadPurpose = z.infer<typeof UploadPurpose>;

/** The spec sends no body (plan images); a purpose picks the bucket, rules and owner. */
export const UploadTicketRequest = z
  .object({ purpose: UploadPurpose.optional() })
  .strict()
  .openapi('UploadTicketRequest');
export type UploadTicketRequest = z.infer<typeof UploadTicketRequest>;

export const UploadTicket = z
  .object({
    /** Where to PUT the file: a gateway address carrying a short-lived signed token. */
    uploadURL: z.string(),
    /** What to hand to the owning call once the PUT succeeded (e.g. a deposit's screenshotUrl). */
    objectPath: z.string(),
    expiresAt: Timestamp,
    maxBytes: z.number().int(),
    allowedTypes: z.array(z.string()),
  })
  .openapi('UploadTicket');
export type UploadTicket = z.infer<typeof UploadTicket>;

/**
 * Who asks a bucket's owner for an upload ticket: the wallet, answering POST /api/objects/upload, sends it over
 * the owner's ticket command (PLAN_IMAGE_TICKET_SUBJECT, KYC_DOCUMENT_TICKET_SUBJECT); the owner checks the role.
 */
export const UploadTicketCommand = z.object({ userId: Uuid, role: Role }).strict();
export type UploadTicketCommand = z.infer<typeof UploadTicketCommand>;

export const UploadResult = z
  .object({ objectPath: z.string(), size: z.number().int(), contentType: z.string() })
  .openapi('UploadResult');
export type UploadResult = z.infer<typeof UploadResult>;

// ---- request/reply commands (cmd.wallet.*) ----

export const WALLET_DEBIT_SUBJECT = 'cmd.wallet.debit';
export const WALLET_ADJUST_SUBJECT = 'cmd.wallet.adjust';
export const WALLET_BALANCE_SUBJECT = 'cmd.wallet.balance';
export const WALLET_STATS_SUBJECT = 'cmd.wallet.stats';

/**
 * Plans moves an investment's principal from available to invested; the investment id is the idempotency key.
 * `memo` is how the investment reads in the investor's transaction history (the plan's title and the slots).
 */
export const WalletDebitCommand = z
  .object({
    investmentId: Uuid,
    userId: Uuid,
    amount: PositiveAmount,
    memo: z.string().trim().min(1).max(300).optional(),
  })
  .strict();
export type WalletDebitCommand = z.input<typeof WalletDebitCommand>;
export const WalletDebitResult = z.object({
  transferId: Uuid,
  investmentId: Uuid,
  userId: Uuid,
  amount: MoneyString,
  balance: MoneyString,
  createdAt: Timestamp,
});
export type WalletDebitResult = z.infer<typeof WalletDebitResult>;

/** An admin sets a user's available balance; the difference becomes an adjustment transfer. */
export const WalletAdjustCommand = z
  .object({
    idempotencyKey: z.string().min(8).max(200),
    userId: Uuid,
    adminId: Uuid,
    balance: NonNegativeAmount,
    reason: z.string().trim().min(3, 'Balance reason must be at least 3 characters').max(500),
    ipAddress: z.string().nullable().optional(),
    traceparent: z.string().nullable().optional(),
  })
  .strict();
export type WalletAdjustCommand = z.input<typeof WalletAdjustCommand>;

/**
 * A manual balance adjustment's four-eyes state (docs/decisions/0060-four-eyes-approval.md): applied at once
 * below the security settings' `secondApprovalThreshold`; at or above it held until a different admin approves
 * (applied) or any admin rejects (nothing moves).
 */
export const BalanceAdjustmentStatus = z.enum(['awaiting_second_approval', 'applied', 'rejected']);
export type BalanceAdjustmentStatus = z.infer<typeof BalanceAdjustmentStatus>;

/** What became of a balance edit: `null` when the balance asked for is the current one (nothing to adjust). */
export const BalanceAdjustmentOutcome = z
  .object({ id: Uuid, status: BalanceAdjustmentStatus })
  .openapi('BalanceAdjustmentOutcome');
export type BalanceAdjustmentOutcome = z.infer<typeof BalanceAdjustmentOutcome>;

/** `balance` is the available balance after the command: unchanged while the adjustment awaits approval. */
export const WalletAdjustResult = z.object({
  userId: Uuid,
  previousBalance: MoneyString,
  balance: MoneyString,
  transferId: Uuid.nullable(),
  balanceAdjustment: BalanceAdjustmentOutcome.nullable(),
});
export type WalletAdjustResult = z.infer<typeof WalletAdjustResult>;

/** The admin view of an adjustment, with the names of the admins involved ('Unknown User' when not projected). */
export const AdminBalanceAdjustment = z
  .object({
    id: Uuid,
    userId: Uuid,
    user: UserSummary,
    direction: z.enum(['in', 'out']).openapi({
      description: 'in raises the available balance by amount, out lowers it',
    }),
    amount: MoneyString,
    reason: z.string(),
    status: BalanceAdjustmentStatus,
    /** The available balance when it was requested, and the balance the requesting admin set. */
    previousBalance: MoneyString,
    requestedBalance: MoneyString,
    requiresSecondApproval: z.boolean().openapi({
      description: 'True when the amount was at or above the second-approval threshold when requested',
    }),
    requestedBy: Uuid,
    requesterName: z.string(),
    createdAt: Timestamp,
    /** Who applied (the requester below the threshold, the second admin above it) or rejected it, and when. */
    reviewedBy: Uuid.nullable(),
    reviewerName: z.string().nullable(),
    reviewedAt: Timestamp.nullable(),
    rejectionReason: z.string().nullable(),
    transferId: Uuid.nullable(),
  })
  .openapi('AdminBalanceAdjustment');
export type AdminBalanceAdjustment = z.infer<typeof AdminBalanceAdjustment>;

export const AdminBalanceAdjustmentQuery = PageQuery.extend({
  status: z
    .enum(['all', ...BalanceAdjustmentStatus.options], {
      error: 'status must be one of: all, awaiting_second_approval, applied, rejected',
    })
    .default('all'),
  userId: Uuid.optional(),
})
  .strict()
  .openapi('AdminBalanceAdjustmentQuery');
export type AdminBalanceAdjustmentQuery = z.infer<typeof AdminBalanceAdjustmentQuery>;

/** The second admin's decision on a held adjustment; a rejection's reason is trimmed, omitted when blank. */
export const BalanceAdjustmentStatusUpdate = DepositStatusUpdate.openapi('BalanceAdjustmentStatusUpdate');
export type BalanceAdjustmentStatusUpdate = z.infer<typeof BalanceAdjustmentStatusUpdate>;

export const WalletBalanceQuery = z.object({ userId: Uuid }).strict();
/**
 * `version` counts the user's movements (the same number as in `wallet.balance_changed`): a projection keeps
 * the balances of the highest version it has seen, so an older answer arriving last never overwrites a newer one.
 */
export const WalletBalances = z.object({
  userId: Uuid,
  available: MoneyString,
  hold: MoneyString,
  invested: MoneyString,
  version: z.number().int().min(0),
});
export type WalletBalances = z.infer<typeof WalletBalances>;

/** Figures for the admin dashboard the gateway composes. */
export const WalletStats = z.object({
  totalDeposits: MoneyString,
  totalWithdrawals: MoneyString,
  pendingDeposits: z.number().int(),
  pendingWithdrawals: z.number().int(),
});
export type WalletStats = z.infer<typeof WalletStats>;
