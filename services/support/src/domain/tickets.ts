// Pure rules for tickets: the row-to-contract mapping and what a status change does.
import type { AdminTicket, Ticket, TicketCategory, TicketPriority, TicketStatus } from '@cropvest/contracts';

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

/**
 * When the ticket counts as resolved. Entering `resolved` stamps now; staying resolved keeps the first
 * stamp; closing keeps whatever was there (a resolved ticket that is closed stays resolved at that time);
 * reopening (open or in_progress) clears it.
 */
export function resolvedAtAfter(
  from: TicketStatus,
  to: TicketStatus,
  current: Date | null,
  now: Date,
): Date | null {
  if (to === 'resolved') return from === 'resolved' && current ? current : now;
  if (to === 'closed') return current;
  return null;
}

export interface StatusChange {
  status: TicketStatus;
  assigned_to: string | null;
  resolved_at: Date | null;
}

/** What a status request changes, or null when it changes nothing (no event, no audit row). */
export function planStatusChange(
  ticket: Pick<TicketRow, 'status' | 'assigned_to' | 'resolved_at'>,
  to: TicketStatus,
  assignedTo: string | null | undefined,
  now: Date,
): StatusChange | null {
  const assignee = assignedTo === undefined ? ticket.assigned_to : assignedTo;
  if (to === ticket.status && assignee === ticket.assigned_to) return null;
  return {
    status: to,
    assigned_to: assignee,
    resolved_at: resolvedAtAfter(ticket.status, to, ticket.resolved_at, now),
  };
}
