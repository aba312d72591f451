// Support tickets: their rows, their mapping to the contract's tickets, and the queries.
import { containsPattern, pageOf, type Knex, type Page } from '@cropvest/service-kit/db';
import type {
  AdminTicket,
  AdminTicketCounts,
  AdminTicketQuery,
  AdminTicketSort,
  PageQuery,
  Ticket,
  TicketCategory,
  TicketPriority,
  TicketStatus,
} from '@cropvest/contracts';

export interface TicketRow {
  id: string;
  user_id: string;
  subject: string;
  category: TicketCategory;
  priority: TicketPriority;
  description: string;
  status: TicketStatus;
  assigned_to: string | null;
  admin_response: string | null;
  responded_by: string | null;
  response_at: Date | null;
  resolved_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A ticket row joined with the opener from the user projection (null when not known yet). */
export interface AdminTicketRow extends TicketRow {
  user_name: string | null;
  user_email: string | null;
}

export function toTicket(row: TicketRow): Ticket {
  return {
    id: row.id,
    userId: row.user_id,
    subject: row.subject,
    category: row.category,
    priority: row.priority,
    description: row.description,
    status: row.status,
    assignedTo: row.assigned_to,
    adminResponse: row.admin_response,
    responseAt: row.response_at?.toISOString() ?? null,
    resolvedAt: row.resolved_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function toAdminTicket(row: AdminTicketRow): AdminTicket {
  return {
    ...toTicket(row),
    user:
      row.user_name !== null && row.user_email !== null
        ? { name: row.user_name, email: row.user_email }
        : null,
  };
}

export async function insertTicket(
  trx: Knex.Transaction,
  ticket: Pick<TicketRow, 'id' | 'user_id' | 'subject' | 'category' | 'priority' | 'description'>,
): Promise<TicketRow> {
  const [row] = await trx<TicketRow>('support_tickets').insert(ticket).returning('*');
  return row as TicketRow;
}

export const listTicketsOfUser = (db: Knex, userId: string, query: PageQuery): Promise<Page<TicketRow>> =>
  pageOf<TicketRow>(
    db<TicketRow>('support_tickets')
      .where({ user_id: userId })
      .select('*')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
    query,
  );

/** One of the user's own tickets (another's is not theirs to read). */
export const findTicketOfUser = (db: Knex, id: string, userId: string): Promise<TicketRow | undefined> =>
  db<TicketRow>('support_tickets').where({ id, user_id: userId }).first();

export const countRecentTicketsOfUser = async (db: Knex, userId: string, since: Date): Promise<number> => {
  const row = await db('support_tickets')
    .where({ user_id: userId })
    .andWhere('created_at', '>=', since)
    .first<{ count: number }>(db.raw('count(*)::int AS count'));
  return row.count;
};

/**
 * Tickets with their opener's name and email. Subselects rather than a join, so that the page's count (the same
 * query without its columns) reads the tickets alone instead of joining every matching ticket to its user.
 */
const withUser = (db: Knex) =>
  db<AdminTicketRow>('support_tickets as t').select(
    't.*',
    db.raw('(SELECT u.name FROM users u WHERE u.id = t.user_id) AS user_name'),
    db.raw('(SELECT u.email FROM users u WHERE u.id = t.user_id) AS user_email'),
  );

/**
 * Tickets (aliased `t`) opened by `userId` when given, in `status` unless it is 'all', and, when `q` is given, whose subject, or whose opener's
 * name or email, contains it case-insensitively. The openers are found first (an init plan through the
 * projection's trigram indexes), so the OR is a bitmap union of the subject's trigram index and the
 * (user_id, created_at) index instead of a filter on every row.
 */
function matching({
  q,
  status,
  userId,
}: {
  q?: string | undefined;
  status?: string;
  userId?: string | undefined;
}) {
  return (query: Knex.QueryBuilder) => {
    if (status && status !== 'all') void query.where('t.status', status);
    if (userId) void query.where('t.user_id', userId);
    if (!q) return;
    const pattern = containsPattern(q);
    void query.where(
      (where) =>
        void where
          .whereRaw(`t.subject ILIKE ? ESCAPE '\\'`, [pattern])
          .orWhereRaw(
            `t.user_id = ANY(ARRAY(SELECT id FROM users WHERE name ILIKE ? ESCAPE '\\' OR email ILIKE ? ESCAPE '\\'))`,
            [pattern, pattern],
          ),
    );
  };
}

/** The chosen order, its column followed by the id in the same direction, so that pages never overlap. */
function sortOrder(sort: AdminTicketSort) {
  const order: 'asc' | 'desc' = sort.startsWith('-') ? 'desc' : 'asc';
  const column = sort.endsWith('updatedAt') ? 't.updated_at' : 't.created_at';
  return [column, 't.id'].map((name) => ({ column: name, order }));
}

export const listAdminTickets = (db: Knex, query: AdminTicketQuery): Promise<Page<AdminTicketRow>> =>
  pageOf<AdminTicketRow>(withUser(db).modify(matching(query)).orderBy(sortOrder(query.sort)), query);

export async function countAdminTickets(db: Knex, q: string | undefined): Promise<AdminTicketCounts> {
  return (await db('support_tickets as t')
    .modify(matching({ q }))
    .first(
      db.raw(`count(*)::int AS "all"`),
      db.raw(`count(*) FILTER (WHERE t.status = 'open')::int AS open`),
      db.raw(`count(*) FILTER (WHERE t.status = 'in_progress')::int AS in_progress`),
      db.raw(`count(*) FILTER (WHERE t.status = 'resolved')::int AS resolved`),
      db.raw(`count(*) FILTER (WHERE t.status = 'closed')::int AS closed`),
    )) as AdminTicketCounts;
}

export const findAdminTicket = (db: Knex, id: string): Promise<AdminTicketRow | undefined> =>
  withUser(db).where('t.id', id).first();

export const lockTicket = (trx: Knex.Transaction, id: string): Promise<TicketRow | undefined> =>
  trx<TicketRow>('support_tickets').where({ id }).forUpdate().first();

export async function updateTicket(
  trx: Knex.Transaction,
  id: string,
  changes: Partial<TicketRow>,
): Promise<void> {
  await trx<TicketRow>('support_tickets')
    .where({ id })
    .update({ ...changes, updated_at: trx.fn.now() as unknown as Date });
}
