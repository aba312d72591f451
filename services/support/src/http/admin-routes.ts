import Router from '@koa/router';
import {
  AdminTicketCountsQuery,
  AdminTicketQuery,
  IdParam,
  TicketResponseRequest,
  TicketStatusRequest,
} from '@cropvest/contracts';
import {
  authenticate,
  currentUser,
  parseInput,
  requireRole,
  requestMeta,
  sendPage,
} from '@cropvest/service-kit';
import * as tickets from '../app/tickets.ts';
import type { SupportContext } from '../app/context.ts';

/** The admin desk; the role is checked here again even though the gateway checked it first. */
export function adminRoutes(support: SupportContext): Router {
  const router = new Router({ prefix: '/api/admin/support' });
  router.use(authenticate(support.verifier), requireRole('admin'));

  router.get('/', async (ctx) => {
    sendPage(ctx, await tickets.adminTickets(support, parseInput(AdminTicketQuery, ctx.query)));
  });
  router.get('/counts', async (ctx) => {
    ctx.body = await tickets.ticketCounts(support, parseInput(AdminTicketCountsQuery, ctx.query).q);
  });
  router.put('/:id/status', async (ctx) => {
    const { id } = parseInput(IdParam, ctx.params);
    ctx.body = await tickets.setTicketStatus(
      support,
      currentUser(ctx.state),
      id,
      parseInput(TicketStatusRequest, ctx.request.body),
      requestMeta(ctx),
    );
  });
  router.put('/:id/response', async (ctx) => {
    const { id } = parseInput(IdParam, ctx.params);
    const { response } = parseInput(TicketResponseRequest, ctx.request.body);
    ctx.body = await tickets.respondToTicket(support, currentUser(ctx.state), id, response, requestMeta(ctx));
  });
  return router;
}
