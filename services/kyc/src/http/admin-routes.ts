import Router from '@koa/router';
import { AdminKycCountsQuery, AdminKycQuery, KycReviewRequest } from '@cropvest/contracts';
import { authenticate, pageRoute, requireRole, route } from '@cropvest/service-kit';
import * as submissions from '../app/kyc.ts';
import type { KycContext } from '../app/context.ts';

/** The admin review; the role is checked here again even though the gateway checked it first. */
export function adminRoutes(kyc: KycContext): Router {
  const router = new Router({ prefix: '/api/admin/kyc' });
  router.use(authenticate(kyc.verifier), requireRole('admin'));

  router.get(
    '/',
    pageRoute({ query: AdminKycQuery }, ({ query }) => submissions.adminPage(kyc, query)),
  );
  router.get(
    '/counts',
    route({ query: AdminKycCountsQuery }, ({ query }) => submissions.counts(kyc, query.q)),
  );
  router.get(
    '/:id/documents',
    route({}, ({ ctx, id }) => {
      ctx.set('Cache-Control', 'no-store');
      return submissions.documentLinks(kyc, id);
    }),
  );
  router.put(
    '/:id/status',
    route({ body: KycReviewRequest }, ({ actor, id, body, meta }) =>
      submissions.review(kyc, actor, id, body, meta),
    ),
  );
  return router;
}
