import Router from '@koa/router';
import { CreateTicketRequest, ListQuery } from '@cropvest/contracts';
import { authenticate, currentUser, parseInput, requestMeta, sendPage } from '@cropvest/service-kit';
import * as tickets from '../app/tickets.ts';
import type { SupportContext } from '../app/context.ts';

/** A signed-in user's own tickets; nothing here takes a ticket id, so nobody can reach another's. */
export function ticketRoutes(support: SupportContext): Router {
  const router = new Router({ prefix: '/api/support' });
  router.use(authenticate(support.verifier));

  router.get('/', async (ctx) => {
    sendPage(ctx, await tickets.myTickets(support, currentUser(ctx.state), parseInput(ListQuery, ctx.query)));
  });
  router.post('/', async (ctx) => {
    const ticket = await tickets.openTicket(
      support,
      currentUser(ctx.state),
      parseInput(CreateTicketRequest, ctx.request.body),
      requestMeta(ctx),
    );
    ctx.status = 201;
    ctx.body = ticket;
  });
  return router;
}
