import Router from '@koa/router';
import { CreateFaqRequest, FaqListQuery, ReorderFaqRequest, UpdateFaqRequest } from '@cropvest/contracts';
import { authenticate, pageRoute, requireRole, route } from '@cropvest/service-kit';
import * as faq from '../app/faq.ts';
import type { SupportContext } from '../app/context.ts';

/** The published FAQ; anyone may read it (the gateway lets it through without a token). */
export function faqRoutes(support: SupportContext): Router {
  const router = new Router({ prefix: '/api/faq' });
  router.get(
    '/',
    pageRoute({ query: FaqListQuery }, ({ query }) => faq.publishedFaq(support, query)),
  );
  return router;
}

/** FAQ Management; the role is checked here again even though the gateway checked it first. */
export function adminFaqRoutes(support: SupportContext): Router {
  const router = new Router({ prefix: '/api/admin/faq' });
  router.use(authenticate(support.verifier), requireRole('admin'));

  router.get(
    '/',
    pageRoute({ query: FaqListQuery }, ({ query }) => faq.allFaq(support, query)),
  );
  router.post(
    '/',
    route({ body: CreateFaqRequest, status: 201 }, ({ actor, body, meta }) =>
      faq.addFaq(support, actor, body, meta),
    ),
  );
  // Before '/:id', so "order" is never read as an id.
  router.put(
    '/order',
    route({ body: ReorderFaqRequest }, ({ actor, body, meta }) => faq.reorderFaq(support, actor, body, meta)),
  );
  router.put(
    '/:id',
    route({ body: UpdateFaqRequest }, ({ actor, id, body, meta }) =>
      faq.editFaq(support, actor, id, body, meta),
    ),
  );
  return router;
}
