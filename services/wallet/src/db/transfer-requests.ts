// Deposit and withdrawal requests: their rows, the investor's and the admin's lists (search, filters, counts)
// and the platform's totals of them.
import type {
  AdminDeposit,
  AdminDepositDetail,
  AdminWithdrawalDetail,
  DepositDetail,
  WithdrawalDetail,
  AdminTransferCounts,
  AdminTransferListQuery,
  AdminTransferSort,
  AdminWithdrawal,
  Deposit,
  DepositChainStatus,
  DepositRefusalReason,
  PayoutMismatchReason,
  WithdrawalChainStatus,
  DepositStatus,
  NetworkType,
  PageQuery,
  Withdrawal,
} from '@cropvest/contracts';
import { CHAIN_ACTOR_ID, CHAIN_ACTOR_NAME, Uuid } from '@cropvest/contracts';
import { containsPattern, pageOf, type Knex, type Page } from '@cropvest/service-kit/db';

export interface DepositRow {
  id: string;
  user_id: string;
  /** Credited once approved: the chain's amount when it verified the transaction, else the claim. */
  amount: string;
  claimed_amount: string;
  network: NetworkType;
  txid: string | null;
  /** The hash without 0x in lower case: one live deposit per transaction, on any network. */
  txid_key: string | null;
  screenshot_url: string | null;
  status: DepositStatus;
  approved_by: string | null;
  approved_at: Date | null;
  credited_by: 'chain' | 'admin' | null;
  first_approved_by: string | null;
  first_approved_at: Date | null;
  /** When it was approved or rejected (by an admin or the chain's verdict). */
  reviewed_at: Date | null;
  rejection_reason: string | null;
  chain_status: DepositChainStatus;
  chain_reason: DepositRefusalReason | null;
  chain_message: string | null;
  chain_confirmations: number | null;
  chain_required_confirmations: number | null;
  chain_amount: string | null;
  chain_checked_at: Date | null;
  /** The sequence of the chain's last verdict applied; older ones arriving late are ignored. */
  chain_seq: number;
  created_at: Date;
}

export interface WithdrawalRow {
  id: string;
  user_id: string;
  amount: string;
  wallet_address: string;
  status: DepositStatus;
  approved_by: string | null;
  approved_at: Date | null;
  rejection_reason: string | null;
  txid: string | null;
  first_approved_by: string | null;
  first_approved_at: Date | null;
  reviewed_at: Date | null;
  chain_status: WithdrawalChainStatus;
  chain_reason: PayoutMismatchReason | null;
  chain_message: string | null;
  chain_confirmations: number | null;
  chain_required_confirmations: number | null;
  chain_checked_at: Date | null;
  chain_seq: number;
  created_at: Date;
}

export interface WithUser {
  user_name: string | null;
  user_email: string | null;
}

export const toDeposit = (row: DepositRow): Deposit => ({
  id: row.id,
  userId: row.user_id,
  amount: row.amount,
  claimedAmount: row.claimed_amount,
  network: row.network,
  txid: row.txid,
  screenshotUrl: row.screenshot_url,
  status: row.status,
  approvedBy: row.approved_by,
  approvedAt: row.approved_at?.toISOString() ?? null,
  creditedBy: row.credited_by,
  rejectionReason: row.rejection_reason,
  chain: {
    status: row.chain_status,
    reason: row.chain_reason,
    message: row.chain_message,
    confirmations: row.chain_confirmations,
    requiredConfirmations: row.chain_required_confirmations,
    amount: row.chain_amount,
    checkedAt: row.chain_checked_at?.toISOString() ?? null,
  },
  createdAt: row.created_at.toISOString(),
});

export const toWithdrawal = (row: WithdrawalRow): Withdrawal => ({
  id: row.id,
  userId: row.user_id,
  amount: row.amount,
  walletAddress: row.wallet_address,
  status: row.status,
  approvedBy: row.approved_by,
  approvedAt: row.approved_at?.toISOString() ?? null,
  rejectionReason: row.rejection_reason,
  txid: row.txid,
  chain: {
    status: row.chain_status,
    reason: row.chain_reason,
    message: row.chain_message,
    confirmations: row.chain_confirmations,
    requiredConfirmations: row.chain_required_confirmations,
    checkedAt: row.chain_checked_at?.toISOString() ?? null,
  },
  createdAt: row.created_at.toISOString(),
});

const reviewedAtOf = (row: { reviewed_at: Date | null }) => ({
  reviewedAt: row.reviewed_at?.toISOString() ?? null,
});
export const toDepositDetail = (row: DepositRow): DepositDetail => ({
  ...toDeposit(row),
  ...reviewedAtOf(row),
});
export const toWithdrawalDetail = (row: WithdrawalRow): WithdrawalDetail => ({
  ...toWithdrawal(row),
  ...reviewedAtOf(row),
});

/** A user the projection has not heard of yet shows as the spec's 'Unknown User'. */
export const userOf = (row: WithUser) => ({
  name: row.user_name ?? 'Unknown User',
  email: row.user_email ?? '',
});

// ---- deposits ----

export const insertDeposit = async (
  trx: Knex.Transaction,
  row: Pick<
    DepositRow,
    | 'id'
    | 'user_id'
    | 'amount'
    | 'claimed_amount'
    | 'network'
    | 'txid'
    | 'txid_key'
    | 'screenshot_url'
    | 'chain_status'
  > &
    // A deposit made approved (an admin's assignment of an unmatched transfer, docs/decisions/0084).
    Partial<
      Pick<
        DepositRow,
        | 'status'
        | 'approved_by'
        | 'approved_at'
        | 'credited_by'
        | 'first_approved_by'
        | 'first_approved_at'
        | 'chain_amount'
        | 'chain_checked_at'
      > & { reviewed_by: string; reviewed_at: Date }
    >,
): Promise<DepositRow> => (await trx<DepositRow>('deposits').insert(row).returning('*'))[0] as DepositRow;

/** The deposit that holds a transaction (pending or approved: a rejected one frees it), if any. */
export const liveDepositOf = (trx: Knex.Transaction, txidKey: string): Promise<DepositRow | undefined> =>
  trx<DepositRow>('deposits')
    .where({ txid_key: txidKey })
    .whereNot({ status: 'rejected' })
    .forUpdate()
    .first();

/** Pending deposits whose transaction the chain should look at (those declared before it verified deposits). */
export const depositsAwaitingChain = (trx: Knex.Transaction): Promise<DepositRow[]> =>
  trx<DepositRow>('deposits').where({ status: 'pending', chain_status: 'checking' });

export const lockDeposit = (trx: Knex.Transaction, id: string): Promise<DepositRow | undefined> =>
  trx<DepositRow>('deposits').where({ id }).forUpdate().first();
export const findDeposit = (db: Knex, id: string): Promise<DepositRow | undefined> =>
  db<DepositRow>('deposits').where({ id }).first();

export async function updateDeposit(
  trx: Knex.Transaction,
  id: string,
  changes: Record<string, unknown>,
): Promise<DepositRow> {
  return (await trx<DepositRow>('deposits').where({ id }).update(changes).returning('*'))[0] as DepositRow;
}

export const listUserDeposits = (db: Knex, userId: string, page: PageQuery): Promise<Page<DepositRow>> =>
  pageOf(
    db('deposits')
      .where({ user_id: userId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]),
    page,
  );

type AdminDepositRow = DepositRow & WithUser & WithApprovers;

const toAdminDeposit =
  (requiresSecondApproval: (amount: string) => boolean) =>
  (row: AdminDepositRow): AdminDeposit => ({
    ...toDeposit(row),
    user: userOf(row),
    ...approvalsOf(row, requiresSecondApproval),
  });

export async function findAdminDeposit(
  db: Knex,
  id: string,
  requiresSecondApproval: (amount: string) => boolean,
): Promise<AdminDeposit | undefined> {
  const row = (await adminRows(db, 'deposits').where('t.id', id).first()) as AdminDepositRow | undefined;
  return row ? toAdminDeposit(requiresSecondApproval)(row) : undefined;
}

export async function findAdminDepositDetail(
  db: Knex,
  id: string,
  requiresSecondApproval: (amount: string) => boolean,
): Promise<AdminDepositDetail | undefined> {
  const row = (await adminRows(db, 'deposits').where('t.id', id).first()) as AdminDepositRow | undefined;
  return row ? { ...toAdminDeposit(requiresSecondApproval)(row), ...reviewedAtOf(row) } : undefined;
}

export async function listAdminDeposits(
  db: Knex,
  query: AdminTransferListQuery,
  requiresSecondApproval: (amount: string) => boolean,
): Promise<Page<AdminDeposit>> {
  const page = await pageOf<AdminDepositRow>(
    adminRows(db, 'deposits').modify(matching(query)).orderBy(sortOrder(query.sort)),
    query,
  );
  return { ...page, items: page.items.map(toAdminDeposit(requiresSecondApproval)) };
}

export const countAdminDeposits = (db: Knex, q: string | undefined): Promise<AdminTransferCounts> =>
  countByStatus(db, 'deposits', q);

// ---- withdrawals ----

export const insertWithdrawal = async (
  trx: Knex.Transaction,
  row: Pick<WithdrawalRow, 'id' | 'user_id' | 'amount' | 'wallet_address'>,
): Promise<WithdrawalRow> =>
  (await trx<WithdrawalRow>('withdrawals').insert(row).returning('*'))[0] as WithdrawalRow;

export const findWithdrawal = (db: Knex, id: string): Promise<WithdrawalRow | undefined> =>
  db<WithdrawalRow>('withdrawals').where({ id }).first();

export const lockWithdrawal = (trx: Knex.Transaction, id: string): Promise<WithdrawalRow | undefined> =>
  trx<WithdrawalRow>('withdrawals').where({ id }).forUpdate().first();

export async function updateWithdrawal(
  trx: Knex.Transaction,
  id: string,
  changes: Record<string, unknown>,
): Promise<WithdrawalRow> {
  return (
    await trx<WithdrawalRow>('withdrawals').where({ id }).update(changes).returning('*')
  )[0] as WithdrawalRow;
}

export const listUserWithdrawals = (
  db: Knex,
  userId: string,
  page: PageQuery,
): Promise<Page<WithdrawalRow>> =>
  pageOf(
    db('withdrawals')
      .where({ user_id: userId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]),
    page,
  );

interface WithApprovers {
  first_approver_name: string | null;
  approver_name: string | null;
}

/**
 * The admin lists' rows: each with its user's name and email, and its approvers' names, from the shared user
 * directory (the chain, which approves what it verified, is no user: it is named CHAIN_ACTOR_NAME).
 */
const adminRows = (db: Knex, table: 'deposits' | 'withdrawals') =>
  db(`${table} as t`)
    .leftJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('users as first_approver', 'first_approver.id', 't.first_approved_by')
    .leftJoin('users as approver', 'approver.id', 't.approved_by')
    .select(
      't.*',
      'u.name as user_name',
      'u.email as user_email',
      'first_approver.name as first_approver_name',
      'approver.name as approver_name',
    );

const reviewerName = (id: string | null, name: string | null): string | null =>
  id === null ? null : id === CHAIN_ACTOR_ID ? CHAIN_ACTOR_NAME : (name ?? 'Unknown User');

/** The four-eyes fields: `requiresSecondApproval(amount)` applies the current threshold. */
const approvalsOf = (
  row: WithApprovers & {
    amount: string;
    approved_by: string | null;
    first_approved_by: string | null;
    first_approved_at: Date | null;
  },
  requiresSecondApproval: (amount: string) => boolean,
) => ({
  requiresSecondApproval: requiresSecondApproval(row.amount),
  firstApprovedBy: row.first_approved_by,
  firstApprovedAt: row.first_approved_at?.toISOString() ?? null,
  firstApproverName: reviewerName(row.first_approved_by, row.first_approver_name),
  approverName: reviewerName(row.approved_by, row.approver_name),
});

type AdminWithdrawalRow = WithdrawalRow & WithUser & WithApprovers;

const toAdminWithdrawal =
  (requiresSecondApproval: (amount: string) => boolean) =>
  (row: AdminWithdrawalRow): AdminWithdrawal => ({
    ...toWithdrawal(row),
    user: userOf(row),
    ...approvalsOf(row, requiresSecondApproval),
  });

export async function findAdminWithdrawal(
  db: Knex,
  id: string,
  requiresSecondApproval: (amount: string) => boolean,
): Promise<AdminWithdrawal | undefined> {
  const row = (await adminRows(db, 'withdrawals').where('t.id', id).first()) as
    AdminWithdrawalRow | undefined;
  return row ? toAdminWithdrawal(requiresSecondApproval)(row) : undefined;
}

export async function findAdminWithdrawalDetail(
  db: Knex,
  id: string,
  requiresSecondApproval: (amount: string) => boolean,
): Promise<AdminWithdrawalDetail | undefined> {
  const row = (await adminRows(db, 'withdrawals').where('t.id', id).first()) as
    AdminWithdrawalRow | undefined;
  return row ? { ...toAdminWithdrawal(requiresSecondApproval)(row), ...reviewedAtOf(row) } : undefined;
}

export async function listAdminWithdrawals(
  db: Knex,
  query: AdminTransferListQuery,
  requiresSecondApproval: (amount: string) => boolean,
): Promise<Page<AdminWithdrawal>> {
  const page = await pageOf<AdminWithdrawalRow>(
    adminRows(db, 'withdrawals').modify(matching(query)).orderBy(sortOrder(query.sort)),
    query,
  );
  return { ...page, items: page.items.map(toAdminWithdrawal(requiresSecondApproval)) };
}

export const countAdminWithdrawals = (db: Knex, q: string | undefined): Promise<AdminTransferCounts> =>
  countByStatus(db, 'withdrawals', q);

// ---- what the admin lists share: search, status filter, order and counts ----

/**
 * Rows (aliased `t`) of `userId` when given, whose user's name or email, or whose reference (the transaction id or
 * the wallet address), contains `q`, case-insensitively, or whose own id `q` is in full (the command palette's
 * link to one request); and in `status` unless it is 'all'. The search reads one trigram index: `search` holds
 * the three fields, kept by triggers (migration 007_transfer_search); the id is the primary key.
 */
function matching({ q, status, userId }: { q?: string; status?: string; userId?: string }) {
  return (query: Knex.QueryBuilder) => {
    if (status && status !== 'all') query.where('t.status', status);
    if (userId) query.where('t.user_id', userId);
    if (q)
      query.where((match) => {
        match.whereRaw(`t.search ILIKE ? ESCAPE '\\'`, [containsPattern(q)]);
        if (Uuid.safeParse(q).success) match.orWhere('t.id', q.toLowerCase());
      });
  };
}

const SORT_COLUMNS: Record<AdminTransferSort, { column: string; order: 'asc' | 'desc' }> = {
  '-createdAt': { column: 't.created_at', order: 'desc' },
  createdAt: { column: 't.created_at', order: 'asc' },
  '-amount': { column: 't.amount', order: 'desc' },
  amount: { column: 't.amount', order: 'asc' },
};

/** The chosen order, then the id in the same direction, so that pages never overlap. */
const sortOrder = (sort: AdminTransferSort) => {
  const { column, order } = SORT_COLUMNS[sort];
  return [
    { column, order },
    { column: 't.id', order },
  ];
};

async function countByStatus(
  db: Knex,
  table: 'deposits' | 'withdrawals',
  q: string | undefined,
): Promise<AdminTransferCounts> {
  const awaiting = `count(*) FILTER (WHERE t.status = 'pending' AND t.first_approved_by IS NOT NULL)::int`;
  const row = (await db(`${table} as t`)
    .modify(matching({ q }))
    .first(
      db.raw(`count(*)::int AS "all"`),
      db.raw(`count(*) FILTER (WHERE t.status = 'pending')::int AS pending`),
      db.raw(`count(*) FILTER (WHERE t.status = 'approved')::int AS approved`),
      db.raw(`count(*) FILTER (WHERE t.status = 'rejected')::int AS rejected`),
      db.raw(`${awaiting} AS "awaitingSecondApproval"`),
    )) as AdminTransferCounts;
  return row;
}

export async function walletStats(db: Knex): Promise<{
  totalDeposits: string;
  totalWithdrawals: string;
  pendingDeposits: number;
  pendingWithdrawals: number;
}> {
  const [deposits, withdrawals] = await Promise.all([
    db('deposits').first(
      db.raw(`coalesce(sum(amount) FILTER (WHERE status = 'approved'), 0)::numeric(18,8)::text AS total`),
      db.raw(`count(*) FILTER (WHERE status = 'pending')::int AS pending`),
    ),
    db('withdrawals').first(
      db.raw(`coalesce(sum(amount) FILTER (WHERE status = 'approved'), 0)::numeric(18,8)::text AS total`),
      db.raw(`count(*) FILTER (WHERE status = 'pending')::int AS pending`),
    ),
  ]);
  return {
    totalDeposits: deposits.total,
    totalWithdrawals: withdrawals.total,
    pendingDeposits: deposits.pending,
    pendingWithdrawals: withdrawals.pending,
  };
}
