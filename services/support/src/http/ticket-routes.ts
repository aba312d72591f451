import { handlers } from '@cropvest/service-kit/operations';
import * as tickets from '../app/tickets.ts';
import type { SupportContext } from '../app/context.ts';

/**
 * Tickets: a signed-in user's own (one by id only among the caller's, so nobody reaches another's) and the
 * admin desk. Paths, roles and payloads come from the operations (packages/contracts/src/support/api.ts).
 */
export const ticketRoutes = (support: SupportContext) =>
  handlers('support', {
    myTickets: ({ actor, query }) => tickets.myTickets(support, actor, query),
    myTicket: ({ actor, id }) => tickets.myTicket(support, actor, id),
    createTicket: ({ actor, body, meta }) => tickets.openTicket(support, actor, body, meta),
    adminTickets: ({ query }) => tickets.adminTickets(support, query),
    adminTicket: ({ id }) => tickets.adminTicket(support, id),
    adminTicketCounts: ({ query }) => tickets.ticketCounts(support, query.q),
    updateTicketStatus: ({ actor, id, body, meta }) =>
      tickets.setTicketStatus(support, actor, id, body, meta),
    respondToTicket: ({ actor, id, body, meta }) =>
      tickets.respondToTicket(support, actor, id, body.response, meta),
  });
