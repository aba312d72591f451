// Ticket use cases: open and list one's own; the admin desk lists, answers and moves tickets. Every change
// publishes its event, and every admin action its audit row, in the transaction that made it.
import { randomUUID } from 'node:crypto';
import type {
  AdminTicket,
  AdminTicketCounts,
  AdminTicketQuery,
  CreateTicketRequest,
  PageQuery,
  Ticket,
  TicketStatusRequest,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { findDirectoryUser } from '@cropvest/service-kit/bus';
import { inTransaction, type Knex, type Page } from '@cropvest/service-kit/db';
import { BadRequestError, NotFoundError, TooManyRequestsError } from '@cropvest/service-kit/errors';
import { planStatusChange } from '../domain/tickets.ts';
import {
  countAdminTickets,
  countRecentTicketsOfUser,
  findAdminTicket,
  findTicketOfUser,
  insertTicket,
  listAdminTickets,
  listTicketsOfUser,
  lockTicket,
  toAdminTicket,
  toTicket,
  updateTicket,
  type TicketRow,
} from '../db/tickets.ts';
import { type RequestMeta, type SupportContext } from './context.ts';

export async function myTickets(
  ctx: SupportContext,
  user: AuthUser,
  query: PageQuery,
): Promise<Page<Ticket>> {
  const page = await listTicketsOfUser(ctx.db, user.id, query);
  return { items: page.items.map(toTicket), total: page.total };
}

export async function myTicket(ctx: SupportContext, user: AuthUser, id: string): Promise<Ticket> {
  const row = await findTicketOfUser(ctx.db, id, user.id);
  if (!row) throw new NotFoundError('Ticket not found', 'TICKET_NOT_FOUND');
  return toTicket(row);
}

export async function openTicket(
  ctx: SupportContext,
  user: AuthUser,
  input: CreateTicketRequest,
  meta: RequestMeta,
): Promise<Ticket> {
  const hourAgo = new Date(Date.now() - 60 * 60_000);
  if ((await countRecentTicketsOfUser(ctx.db, user.id, hourAgo)) >= ctx.config.TICKETS_PER_USER_PER_HOUR) {
    throw new TooManyRequestsError(
      'You have opened many tickets in the last hour. Please wait for our answer before opening another.',
      'TICKET_RATE_LIMITED',
    );
  }
  const row = await inTransaction(ctx, async (trx) => {
    const ticket = await insertTicket(trx, { id: randomUUID(), user_id: user.id, ...input });
    await ctx.events.emit(
      trx,
      'ticket.created',
      {
        ticketId: ticket.id,
        userId: user.id,
        subject: ticket.subject,
        category: ticket.category,
        priority: ticket.priority,
      },
      { actorId: user.id, subjectId: ticket.id, traceparent: meta.traceparent },
    );
    return ticket;
  });
  return toTicket(row);
}

/** One page of the searched, filtered and sorted tickets, with the total that match. */
export async function adminTickets(ctx: SupportContext, query: AdminTicketQuery): Promise<Page<AdminTicket>> {
  const page = await listAdminTickets(ctx.db, query);
  return { ...page, items: page.items.map(toAdminTicket) };
}

export const ticketCounts = (ctx: SupportContext, q: string | undefined): Promise<AdminTicketCounts> =>
  countAdminTickets(ctx.db, q);

async function lockedTicket(trx: Knex.Transaction, id: string): Promise<TicketRow> {
  const ticket = await lockTicket(trx, id);
  if (!ticket) throw new NotFoundError('Ticket not found', 'TICKET_NOT_FOUND');
  return ticket;
}

export async function adminTicket(ctx: SupportContext, id: string): Promise<AdminTicket> {
  const row = await findAdminTicket(ctx.db, id);
  if (!row) throw new NotFoundError('Ticket not found', 'TICKET_NOT_FOUND');
  return toAdminTicket(row);
}

/** Only an admin may hold a ticket: the caller themself, or a user the projection knows as an admin. */
async function checkAssignee(
  ctx: SupportContext,
  admin: AuthUser,
  assignedTo: string | null | undefined,
): Promise<void> {
  if (!assignedTo || assignedTo === admin.id) return;
  const assignee = await findDirectoryUser(ctx.db, assignedTo);
  if (assignee?.role !== 'admin')
    throw new BadRequestError('assignedTo must be an admin', 'ASSIGNEE_NOT_ADMIN');
}

export async function setTicketStatus(
  ctx: SupportContext,
  admin: AuthUser,
  id: string,
  input: TicketStatusRequest,
  meta: RequestMeta,
): Promise<AdminTicket> {
  await checkAssignee(ctx, admin, input.assignedTo);
  await inTransaction(ctx, async (trx) => {
    const before = await lockedTicket(trx, id);
    const change = planStatusChange(before, input.status, input.assignedTo, new Date());
    if (!change) return;
    await updateTicket(trx, id, change);
    if (change.status !== before.status) {
      await ctx.events.emit(
        trx,
        'ticket.status_changed',
        {
          ticketId: id,
          userId: before.user_id,
          subject: before.subject,
          from: before.status,
          to: change.status,
          changedBy: admin.id,
        },
        { actorId: admin.id, subjectId: id, traceparent: meta.traceparent },
      );
    }
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'ticket_status',
        targetId: id,
        targetType: 'support_ticket',
        details: {
          status: { from: before.status, to: change.status },
          assignedTo: { from: before.assigned_to, to: change.assigned_to },
        },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
  });
  return adminTicket(ctx, id);
}

export async function respondToTicket(
  ctx: SupportContext,
  admin: AuthUser,
  id: string,
  response: string,
  meta: RequestMeta,
): Promise<AdminTicket> {
  await inTransaction(ctx, async (trx) => {
    const before = await lockedTicket(trx, id);
    await updateTicket(trx, id, {
      admin_response: response,
      responded_by: admin.id,
      response_at: new Date(),
    });
    await ctx.events.emit(
      trx,
      'ticket.responded',
      { ticketId: id, userId: before.user_id, subject: before.subject, response, respondedBy: admin.id },
      { actorId: admin.id, subjectId: id, traceparent: meta.traceparent },
    );
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'ticket_respond',
        targetId: id,
        targetType: 'support_ticket',
        details: { updated: before.admin_response !== null, length: response.length },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
  });
  return adminTicket(ctx, id);
}
