import Router from '@koa/router';
import { KycSubmitRequest, ListQuery } from '@cropvest/contracts';
import { authenticate, currentUser, parseInput, requestMeta, sendPage } from '@cropvest/service-kit';
import { uploadRoute } from '@cropvest/service-kit/uploads';
import * as submissions from '../app/kyc.ts';
import { KYC_BUCKET } from '../app/documents.ts';
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

/** The PUT of KYC-document upload addresses (the kit's one upload route, for the bucket KYC owns). */
export const uploadRoutes = (kyc: KycContext): Router =>
  uploadRoute({ db: kyc.db, store: kyc.store, secret: kyc.config.UPLOAD_TOKEN_SECRET, bucket: KYC_BUCKET });
