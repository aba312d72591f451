import { pageOf, type Knex, type Page } from '@cropvest/service-kit';
import type { PageQuery, TicketStatus } from '@cropvest/contracts';
import type { AdminTicketRow, TicketRow } from '../domain/tickets.ts';

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

export const countRecentTicketsOfUser = async (db: Knex, userId: string, since: Date): Promise<number> => {
  const row = await db('support_tickets')
    .where({ user_id: userId })
    .andWhere('created_at', '>=', since)
    .first<{ count: number }>(db.raw('count(*)::int AS count'));
  return row.count;
};

const withUser = (db: Knex) =>
  db<AdminTicketRow>('support_tickets as t')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .select('t.*', 'u.name as user_name', 'u.email as user_email');

export function listAllTickets(db: Knex, status?: TicketStatus): Promise<AdminTicketRow[]> {
  const query = withUser(db).orderBy('t.created_at', 'desc').orderBy('t.id', 'desc');
  if (status) void query.where('t.status', status);
  return query;
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
