// Deposit and withdrawal requests: their rows, the investor's and the admin's lists (search, filters, counts)
// and the platform's totals of them.
import type {
  AdminDeposit,
  AdminTransferCounts,
  AdminTransferListQuery,
  AdminTransferSort,
  AdminWithdrawal,
  Deposit,
  DepositStatus,
  PageQuery,
  Withdrawal,
} from '@cropvest/contracts';
import { containsPattern, pageOf, type Knex, type Page } from '@cropvest/service-kit';

export interface DepositRow {
  id: string;
  user_id: string;
  amount: string;
  txid: string | null;
  screenshot_url: string | null;
  status: DepositStatus;
  approved_by: string | null;
  approved_at: Date | null;
  rejection_reason: string | null;
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
  txid: row.txid,
  screenshotUrl: row.screenshot_url,
  status: row.status,
  approvedBy: row.approved_by,
  approvedAt: row.approved_at?.toISOString() ?? null,
  rejectionReason: row.rejection_reason,
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
  createdAt: row.created_at.toISOString(),
});

/** A user the projection has not heard of yet shows as the spec's 'Unknown User'. */
export const userOf = (row: WithUser) => ({
  name: row.user_name ?? 'Unknown User',
  email: row.user_email ?? '',
});

// ---- deposits ----

export const insertDeposit = async (
  trx: Knex.Transaction,
  row: Pick<DepositRow, 'id' | 'user_id' | 'amount' | 'txid' | 'screenshot_url'>,
): Promise<DepositRow> => (await trx<DepositRow>('deposits').insert(row).returning('*'))[0] as DepositRow;

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

/** The admin list's rows: each with its user's name and email from the shared user directory. */
const adminDeposits = (db: Knex) =>
  db('deposits as t')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .select('t.*', 'u.name as user_name', 'u.email as user_email');

const toAdminDeposit = (row: DepositRow & WithUser): AdminDeposit => ({
  ...toDeposit(row),
  user: userOf(row),
});

export async function findAdminDeposit(db: Knex, id: string): Promise<AdminDeposit | undefined> {
  const row = (await adminDeposits(db).where('t.id', id).first()) as (DepositRow & WithUser) | undefined;
  return row ? toAdminDeposit(row) : undefined;
}

export async function listAdminDeposits(
  db: Knex,
  query: AdminTransferListQuery,
): Promise<Page<AdminDeposit>> {
  const page = await pageOf<DepositRow & WithUser>(
    adminDeposits(db).modify(matching(query)).orderBy(sortOrder(query.sort)),
    query,
  );
  return { ...page, items: page.items.map(toAdminDeposit) };
}

export const countAdminDeposits = (db: Knex, q: string | undefined): Promise<AdminTransferCounts> =>
  countByStatus(db, 'deposits', q);

// ---- withdrawals ----

export const insertWithdrawal = async (
  trx: Knex.Transaction,
  row: Pick<WithdrawalRow, 'id' | 'user_id' | 'amount' | 'wallet_address'>,
): Promise<WithdrawalRow> =>
  (await trx<WithdrawalRow>('withdrawals').insert(row).returning('*'))[0] as WithdrawalRow;

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

const adminWithdrawals = (db: Knex) =>
  db('withdrawals as t')
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

type AdminWithdrawalRow = WithdrawalRow & WithUser & WithApprovers;

/** `requiresSecondApproval(amount)` applies the current four-eyes threshold. */
const toAdminWithdrawal =
  (requiresSecondApproval: (amount: string) => boolean) =>
  (row: AdminWithdrawalRow): AdminWithdrawal => ({
    ...toWithdrawal(row),
    user: userOf(row),
    requiresSecondApproval: requiresSecondApproval(row.amount),
    firstApprovedBy: row.first_approved_by,
    firstApprovedAt: row.first_approved_at?.toISOString() ?? null,
    firstApproverName: row.first_approved_by ? (row.first_approver_name ?? 'Unknown User') : null,
    approverName: row.approved_by ? (row.approver_name ?? 'Unknown User') : null,
  });

export async function findAdminWithdrawal(
  db: Knex,
  id: string,
  requiresSecondApproval: (amount: string) => boolean,
): Promise<AdminWithdrawal | undefined> {
  const row = (await adminWithdrawals(db).where('t.id', id).first()) as AdminWithdrawalRow | undefined;
  return row ? toAdminWithdrawal(requiresSecondApproval)(row) : undefined;
}

export async function listAdminWithdrawals(
  db: Knex,
  query: AdminTransferListQuery,
  requiresSecondApproval: (amount: string) => boolean,
): Promise<Page<AdminWithdrawal>> {
  const page = await pageOf<AdminWithdrawalRow>(
    adminWithdrawals(db).modify(matching(query)).orderBy(sortOrder(query.sort)),
    query,
  );
  return { ...page, items: page.items.map(toAdminWithdrawal(requiresSecondApproval)) };
}

export const countAdminWithdrawals = (db: Knex, q: string | undefined): Promise<AdminTransferCounts> =>
  countByStatus(db, 'withdrawals', q);

// ---- what the admin lists share: search, status filter, order and counts ----

/**
 * Rows (aliased `t`) of `userId` when given, whose user's name or email, or whose reference (the transaction id or
 * the wallet address), contains `q`, case-insensitively; and in `status` unless it is 'all'. The search reads one
 * trigram index: `search` holds the three fields, kept by triggers (migration 007_transfer_search).
 */
function matching({ q, status, userId }: { q?: string; status?: string; userId?: string }) {
  return (query: Knex.QueryBuilder) => {
    if (status && status !== 'all') query.where('t.status', status);
    if (userId) query.where('t.user_id', userId);
    if (q) query.whereRaw(`t.search ILIKE ? ESCAPE '\\'`, [containsPattern(q)]);
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
  const awaiting =
    table === 'withdrawals'
      ? `count(*) FILTER (WHERE t.status = 'pending' AND t.first_approved_by IS NOT NULL)::int`
      : '0';
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
