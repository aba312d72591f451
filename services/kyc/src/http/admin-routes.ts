import Router from '@koa/router';
import { AdminKycCountsQuery, AdminKycQuery, IdParam, KycReviewRequest } from '@cropvest/contracts';
import {
  authenticate,
  currentUser,
  parseInput,
  requireRole,
  requestMeta,
  sendPage,
} from '@cropvest/service-kit';
import * as submissions from '../app/kyc.ts';
import type { KycContext } from '../app/context.ts';

/** The admin review; the role is checked here again even though the gateway checked it first. */
export function adminRoutes(kyc: KycContext): Router {
  const router = new Router({ prefix: '/api/admin/kyc' });
  router.use(authenticate(kyc.verifier), requireRole('admin'));

  router.get('/', async (ctx) => {
    sendPage(ctx, await submissions.adminPage(kyc, parseInput(AdminKycQuery, ctx.query)));
  });
  router.get('/counts', async (ctx) => {
    ctx.body = await submissions.counts(kyc, parseInput(AdminKycCountsQuery, ctx.query).q);
  });
  router.get('/:id/documents', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await submissions.documentLinks(kyc, parseInput(IdParam, ctx.params).id);
  });
  router.put('/:id/status', async (ctx) => {
    const { id } = parseInput(IdParam, ctx.params);
    ctx.body = await submissions.review(
      kyc,
      currentUser(ctx.state),
      id,
      parseInput(KycReviewRequest, ctx.request.body),
      requestMeta(ctx),
    );
  });
  return router;
}
