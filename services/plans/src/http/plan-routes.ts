import Router from '@koa/router';
import type { Context } from 'koa';
import { IdParam, ListQuery, PlanImageRequest, PlanInput, PlanListQuery } from '@cropvest/contracts';
import {
  authenticate,
  bearerToken,
  currentUser,
  ForbiddenError,
  parseInput,
  requireRole,
  type AuthUser,
  requestMeta,
  sendPage,
} from '@cropvest/service-kit';
import * as plans from '../app/plans.ts';
import * as images from '../app/images.ts';
import { pageAllPlans, toPlan } from '../db/plans.ts';
import { planAnalyticsPage } from '../db/plan-analytics.ts';
import type { PlansContext } from '../app/context.ts';

/** `GET /api/plans` is public (the landing page); a token, when sent, must be valid and makes an admin see every plan. */
export function publicRoutes(ctx: PlansContext): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/plans', async (http) => {
    const { active } = parseInput(PlanListQuery, http.query);
    const token = bearerToken(http.get('authorization'));
    const user: AuthUser | undefined = token ? await ctx.verifier.verify(token) : undefined;
    http.body = await plans.listPlans(ctx, user, active === 'true');
  });

  // Plan images are public and never change (one upload, one object): cache them for a year.
  router.get('/plan-images/:owner/:id', async (http) => {
    const { owner, id } = parseInput(IdParam.extend({ owner: IdParam.shape.id }), http.params);
    if (http.get('if-none-match')) {
      const image = await images.readImage(ctx, owner, id);
      if (http.get('if-none-match') === image.etag) {
        image.body.destroy();
        http.status = 304;
        http.set('ETag', image.etag);
        http.set('Cache-Control', 'public, max-age=31536000, immutable');
        return;
      }
      sendImage(http, image);
      return;
    }
    sendImage(http, await images.readImage(ctx, owner, id));
  });

  router.put('/plan-images', authenticate(ctx.verifier), async (http) => {
    const admin = currentUser(http.state);
    if (admin.role !== 'admin') throw new ForbiddenError('Admin access required');
    const { imageURL } = parseInput(PlanImageRequest, http.request.body);
    http.body = await images.attachImage(ctx, admin, imageURL, requestMeta(http));
  });
  return router;
}

function sendImage(http: Context, image: images.ServedImage): void {
  http.set('Content-Type', image.contentType);
  http.set('Content-Length', String(image.size));
  http.set('ETag', image.etag);
  http.set('Cache-Control', 'public, max-age=31536000, immutable');
  http.set('X-Content-Type-Options', 'nosniff');
  http.set('Content-Security-Policy', "default-src 'none'; sandbox");
  http.body = image.body;
}

/** The upload PUT of the plan-images bucket: no bearer token, the signed token in the address is the permission. */
export function uploadRoutes(ctx: PlansContext): Router {
  const router = new Router({ prefix: '/api/uploads' });
  router.put('/:bucket/:token', async (http) => {
    const length = http.get('content-length');
    http.body = await images.receiveUpload(
      ctx,
      http.params.bucket as string,
      http.params.token as string,
      http.req,
      length ? Number(length) : undefined,
    );
  });
  return router;
}

/** Every route here needs an admin token, checked again here even though the gateway checked it first. */
export function adminPlanRoutes(ctx: PlansContext): Router {
  const router = new Router({ prefix: '/api/admin/plans' });
  router.use(authenticate(ctx.verifier), requireRole('admin'));

  router.get('/', async (http) => {
    const page = await pageAllPlans(ctx.db, parseInput(ListQuery, http.query));
    sendPage(http, { items: page.items.map(toPlan), total: page.total });
  });
  router.get('/analytics', async (http) => {
    sendPage(http, await planAnalyticsPage(ctx.db, parseInput(ListQuery, http.query)));
  });
  router.get('/defaults', async (http) => {
    http.body = await plans.planDefaults(ctx);
  });
  router.post('/', async (http) => {
    const input = parseInput(PlanInput, http.request.body);
    http.status = 201;
    http.body = await plans.createPlan(ctx, currentUser(http.state), input, requestMeta(http));
  });
  router.put('/:id', async (http) => {
    const { id } = parseInput(IdParam, http.params);
    http.body = await plans.editPlan(
      ctx,
      currentUser(http.state),
      id,
      parseInput(PlanInput, http.request.body),
      requestMeta(http),
    );
  });
  router.delete('/:id', async (http) => {
    const { id } = parseInput(IdParam, http.params);
    http.body = await plans.deletePlan(ctx, currentUser(http.state), id, requestMeta(http));
  });
  router.get('/:id/can-delete', async (http) => {
    const { id } = parseInput(IdParam, http.params);
    http.body = await plans.canDeletePlan(ctx, id);
  });
  return router;
}
