import Router from '@koa/router';
import {
  AdminTicketCountsQuery,
  AdminTicketQuery,
  TicketResponseRequest,
  TicketStatusRequest,
} from '@cropvest/contracts';
import { authenticate, pageRoute, requireRole, route } from '@cropvest/service-kit';
import * as tickets from '../app/tickets.ts';
import type { SupportContext } from '../app/context.ts';

/** The admin desk; the role is checked here again even though the gateway checked it first. */
export function adminRoutes(support: SupportContext): Router {
  const router = new Router({ prefix: '/api/admin/support' });
  router.use(authenticate(support.verifier), requireRole('admin'));

  router.get(
    '/',
    pageRoute({ query: AdminTicketQuery }, ({ query }) => tickets.adminTickets(support, query)),
  );
  router.get(
    '/counts',
    route({ query: AdminTicketCountsQuery }, ({ query }) => tickets.ticketCounts(support, query.q)),
  );
  router.put(
    '/:id/status',
    route({ body: TicketStatusRequest }, ({ actor, id, body, meta }) =>
      tickets.setTicketStatus(support, actor, id, body, meta),
    ),
  );
  router.put(
    '/:id/response',
    route({ body: TicketResponseRequest }, ({ actor, id, body, meta }) =>
      tickets.respondToTicket(support, actor, id, body.response, meta),
    ),
  );
  return router;
}
