// Support tickets (spec sections 3, 4, 5 and 7): investors open tickets, admins answer them and move them
// through open, in_progress, resolved and closed. The schemas; the choices and the texts' limits the screens need
// are in ticket-rules.ts.
import { z } from '../zod.ts';
import { AdminSearch, PageQuery, Timestamp, Uuid } from '../common.ts';
import {
  TICKET_CATEGORIES,
  TICKET_DESCRIPTION_MAX,
  TICKET_PRIORITIES,
  TICKET_RESPONSE_MAX,
  TICKET_STATUSES,
  TICKET_SUBJECT_MAX,
} from './ticket-rules.ts';

/** The spec's one message for any missing ticket field. */
export const TICKET_FIELDS_REQUIRED = 'Please fill in all fields before submitting.';

const missingOr = (otherwise: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? TICKET_FIELDS_REQUIRED
      : otherwise,
});

export const TicketCategory = z.enum(
  TICKET_CATEGORIES,
  missingOr(`Category must be one of: ${TICKET_CATEGORIES.join(', ')}`),
);
export type TicketCategory = z.infer<typeof TicketCategory>;
export const TicketPriority = z.enum(
  TICKET_PRIORITIES,
  missingOr(`Priority must be one of: ${TICKET_PRIORITIES.join(', ')}`),
);
export type TicketPriority = z.infer<typeof TicketPriority>;
export const TicketStatus = z.enum(TICKET_STATUSES, {
  error: (issue: { input?: unknown }) =>
    issue.input === undefined ? 'Status is required' : `Status must be one of: ${TICKET_STATUSES.join(', ')}`,
});
export type TicketStatus = z.infer<typeof TicketStatus>;

/** Required text: missing, blank or whitespace-only all read as the spec's message. */
const ticketText = (label: string, max: number) =>
  z
    .string(missingOr(`${label} must be text`))
    .trim()
    .min(1, TICKET_FIELDS_REQUIRED)
    .max(max, `${label} must be at most ${max} characters`);

export const CreateTicketRequest = z
  .object({
    subject: ticketText('Subject', TICKET_SUBJECT_MAX),
    category: TicketCategory,
    priority: TicketPriority,
    description: ticketText('Description', TICKET_DESCRIPTION_MAX),
  })
  .strict()
  .openapi('CreateTicketRequest');
export type CreateTicketRequest = z.infer<typeof CreateTicketRequest>;

/** A ticket as its owner sees it. */
export const Ticket = z
  .object({
    id: Uuid,
    userId: Uuid,
    subject: z.string(),
    category: TicketCategory,
    priority: TicketPriority,
    description: z.string(),
    status: TicketStatus,
    assignedTo: Uuid.nullable(),
    adminResponse: z.string().nullable(),
    responseAt: Timestamp.nullable(),
    resolvedAt: Timestamp.nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Ticket');
export type Ticket = z.infer<typeof Ticket>;
export const TicketList = z.array(Ticket).openapi('TicketList');

/** The admin view adds who opened it; `user` is null when the user is not known to support yet. */
export const AdminTicket = Ticket.extend({
  user: z.object({ name: z.string(), email: z.string() }).nullable(),
}).openapi('AdminTicket');
export type AdminTicket = z.infer<typeof AdminTicket>;
/** One page of GET /api/admin/support (the total of all matching tickets in X-Total-Count). */
export const AdminTicketList = z.array(AdminTicket).openapi('AdminTicketList');

export const AdminTicketStatusFilter = z.enum(['all', ...TICKET_STATUSES], {
  error: () => `status must be one of: all, ${TICKET_STATUSES.join(', ')}`,
});
export type AdminTicketStatusFilter = z.infer<typeof AdminTicketStatusFilter>;
/** `-createdAt` newest first (the default), `createdAt` oldest first, `-updatedAt` / `updatedAt` by last change. */
export const AdminTicketSort = z.enum(['-createdAt', 'createdAt', '-updatedAt', 'updatedAt'], {
  error: () => 'sort must be one of: -createdAt, createdAt, -updatedAt, updatedAt',
});
export type AdminTicketSort = z.infer<typeof AdminTicketSort>;

export const AdminTicketQuery = PageQuery.extend({
  /** Searched in the subject and the opener's name and email. */
  q: AdminSearch,
  /** Only tickets this user opened (the admin's user page). */
  userId: Uuid.optional(),
  status: AdminTicketStatusFilter.default('all'),
  sort: AdminTicketSort.default('-createdAt'),
})
  .strict()
  .openapi('AdminTicketQuery');
export type AdminTicketQuery = z.infer<typeof AdminTicketQuery>;

export const AdminTicketCountsQuery = z.object({ q: AdminSearch }).strict().openapi('AdminTicketCountsQuery');
export type AdminTicketCountsQuery = z.infer<typeof AdminTicketCountsQuery>;

/** How many tickets matching the search are in each status (the screen's counters and filter). */
export const AdminTicketCounts = z
  .object({
    all: z.number().int(),
    open: z.number().int(),
    in_progress: z.number().int(),
    resolved: z.number().int(),
    closed: z.number().int(),
  })
  .openapi('AdminTicketCounts');
export type AdminTicketCounts = z.infer<typeof AdminTicketCounts>;

/**
 * Any of the four states, freely (spec section 4). `assignedTo` left out keeps the current assignee, null
 * clears it, an id assigns the ticket to that admin.
 */
export const TicketStatusRequest = z
  .object({
    status: TicketStatus,
    assignedTo: z.uuid({ message: 'assignedTo must be a valid id' }).nullable().optional(),
  })
  .strict()
  .openapi('TicketStatusRequest');
export type TicketStatusRequest = z.infer<typeof TicketStatusRequest>;

export const TICKET_RESPONSE_REQUIRED = 'Response cannot be empty';
export const TicketResponseRequest = z
  .object({
    response: z
      .string({
        error: (issue: { input?: unknown }) =>
          issue.input === undefined || issue.input === null
            ? TICKET_RESPONSE_REQUIRED
            : 'Response must be text',
      })
      .trim()
      .min(1, TICKET_RESPONSE_REQUIRED)
      .max(TICKET_RESPONSE_MAX, `Response must be at most ${TICKET_RESPONSE_MAX} characters`),
  })
  .strict()
  .openapi('TicketResponseRequest');
export type TicketResponseRequest = z.infer<typeof TicketResponseRequest>;

/** Upper case with the underscore as a space, as the spec labels states ("IN PROGRESS"). */
export const ticketStatusLabel = (status: TicketStatus): string => status.replace('_', ' ').toUpperCase();
