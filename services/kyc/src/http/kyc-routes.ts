import Router from '@koa/router';
import { KycSubmitRequest, ListQuery } from '@cropvest/contracts';
import { authenticate, currentUser, parseInput, requestMeta, sendPage } from '@cropvest/service-kit';
import * as submissions from '../app/kyc.ts';
import type { KycContext } from '../app/context.ts';

/** A signed-in user's own submission; nothing here takes a record id, so nobody reaches another's. */
export function kycRoutes(kyc: KycContext): Router {
  const router = new Router({ prefix: '/api/kyc' });
  router.use(authenticate(kyc.verifier));

  router.get('/', async (ctx) => {
    ctx.body = await submissions.mine(kyc, currentUser(ctx.state));
  });
  router.get('/submissions', async (ctx) => {
    sendPage(
      ctx,
      await submissions.mySubmissions(kyc, currentUser(ctx.state), parseInput(ListQuery, ctx.query)),
    );
  });
  router.post('/', async (ctx) => {
    const record = await submissions.submit(
      kyc,
      currentUser(ctx.state),
      parseInput(KycSubmitRequest, ctx.request.body),
      requestMeta(ctx),
    );
    ctx.status = 201;
    ctx.body = record;
  });
  return router;
}
