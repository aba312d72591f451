import Router from '@koa/router';
import {
  CreateFaqRequest,
  FaqListQuery,
  IdParam,
  ReorderFaqRequest,
  UpdateFaqRequest,
} from '@cropvest/contracts';
import {
  authenticate,
  currentUser,
  parseInput,
  requireRole,
  requestMeta,
  sendPage,
} from '@cropvest/service-kit';
import * as faq from '../app/faq.ts';
import type { SupportContext } from '../app/context.ts';

/** The published FAQ; anyone may read it (the gateway lets it through without a token). */
export function faqRoutes(support: SupportContext): Router {
  const router = new Router({ prefix: '/api/faq' });
  router.get('/', async (ctx) => {
    sendPage(ctx, await faq.publishedFaq(support, parseInput(FaqListQuery, ctx.query)));
  });
  return router;
}

/** FAQ Management; the role is checked here again even though the gateway checked it first. */
export function adminFaqRoutes(support: SupportContext): Router {
  const router = new Router({ prefix: '/api/admin/faq' });
  router.use(authenticate(support.verifier), requireRole('admin'));

  router.get('/', async (ctx) => {
    sendPage(ctx, await faq.allFaq(support, parseInput(FaqListQuery, ctx.query)));
  });
  router.post('/', async (ctx) => {
    const entry = await faq.addFaq(
      support,
      currentUser(ctx.state),
      parseInput(CreateFaqRequest, ctx.request.body),
      requestMeta(ctx),
    );
    ctx.status = 201;
    ctx.body = entry;
  });
  // Before '/:id', so "order" is never read as an id.
  router.put('/order', async (ctx) => {
    ctx.body = await faq.reorderFaq(
      support,
      currentUser(ctx.state),
      parseInput(ReorderFaqRequest, ctx.request.body),
      requestMeta(ctx),
    );
  });
  router.put('/:id', async (ctx) => {
    ctx.body = await faq.editFaq(
      support,
      currentUser(ctx.state),
      parseInput(IdParam, ctx.params).id,
      parseInput(UpdateFaqRequest, ctx.request.body),
      requestMeta(ctx),
    );
  });
  return router;
}
