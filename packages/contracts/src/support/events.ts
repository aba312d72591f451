// Events the support service publishes (its tickets), spread into `eventSchemas` in events.ts.
import { z } from '../zod.ts';
import { Uuid } from '../common.ts';
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from './ticket-rules.ts';

export const supportEventSchemas = {
  'ticket.created': z.object({
    ticketId: Uuid,
    userId: Uuid,
    subject: z.string(),
    category: z.enum(TICKET_CATEGORIES),
    priority: z.enum(TICKET_PRIORITIES),
  }),
  /** An admin answered (or changed the answer to) a ticket. */
  'ticket.responded': z.object({
    ticketId: Uuid,
    userId: Uuid,
    subject: z.string(),
    response: z.string(),
    respondedBy: Uuid,
  }),
  'ticket.status_changed': z.object({
    ticketId: Uuid,
    userId: Uuid,
    subject: z.string(),
    from: z.enum(TICKET_STATUSES),
    to: z.enum(TICKET_STATUSES),
    changedBy: Uuid,
  }),
} as const;
