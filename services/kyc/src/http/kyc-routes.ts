import Router from '@koa/router';
import { KycSubmitRequest, ListQuery } from '@cropvest/contracts';
import { authenticate, pageRoute, route } from '@cropvest/service-kit';
import { uploadRoute } from '@cropvest/service-kit/uploads';
import * as submissions from '../app/kyc.ts';
import { KYC_BUCKET } from '../app/documents.ts';
import type { KycContext } from '../app/context.ts';

/** A signed-in user's own submission; nothing here takes a record id, so nobody reaches another's. */
export function kycRoutes(kyc: KycContext): Router {
  const router = new Router({ prefix: '/api/kyc' });
  router.use(authenticate(kyc.verifier));

  router.get(
    '/',
    route({}, ({ actor }) => submissions.mine(kyc, actor)),
  );
  router.get(
    '/submissions',
    pageRoute({ query: ListQuery }, ({ actor, query }) => submissions.mySubmissions(kyc, actor, query)),
  );
  router.post(
    '/',
    route({ body: KycSubmitRequest, status: 201 }, ({ actor, body, meta }) =>
      submissions.submit(kyc, actor, body, meta),
    ),
  );
  return router;
}

/** The PUT of KYC-document upload addresses (the kit's one upload route, for the bucket KYC owns). */
export const uploadRoutes = (kyc: KycContext): Router =>
  uploadRoute({ db: kyc.db, store: kyc.store, secret: kyc.config.UPLOAD_TOKEN_SECRET, bucket: KYC_BUCKET });
