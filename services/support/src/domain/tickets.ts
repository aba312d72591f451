// Pure rules for tickets: what a status change does.
import type { TicketStatus } from '@cropvest/contracts';

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

/** A ticket's status, assignee and resolved time: what a status request reads and what it changes. */
export interface StatusChange {
  status: TicketStatus;
  assigned_to: string | null;
  resolved_at: Date | null;
}

/** What a status request changes, or null when it changes nothing (no event, no audit row). */
export function planStatusChange(
  ticket: StatusChange,
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
