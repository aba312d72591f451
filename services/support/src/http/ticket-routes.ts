import Router from '@koa/router';
import { CreateTicketRequest, ListQuery } from '@cropvest/contracts';
import { authenticate, pageRoute, route } from '@cropvest/service-kit';
import * as tickets from '../app/tickets.ts';
import type { SupportContext } from '../app/context.ts';

/** A signed-in user's own tickets; nothing here takes a ticket id, so nobody can reach another's. */
export function ticketRoutes(support: SupportContext): Router {
  const router = new Router({ prefix: '/api/support' });
  router.use(authenticate(support.verifier));

  router.get(
    '/',
    pageRoute({ query: ListQuery }, ({ actor, query }) => tickets.myTickets(support, actor, query)),
  );
  router.post(
    '/',
    route({ body: CreateTicketRequest, status: 201 }, ({ actor, body, meta }) =>
      tickets.openTicket(support, actor, body, meta),
    ),
  );
  return router;
}
