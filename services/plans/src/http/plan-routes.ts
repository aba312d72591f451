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
import { uploadRoute } from '@cropvest/service-kit/uploads';
import * as catalog from '../app/plans.ts';
import * as images from '../app/images.ts';
import { pageAllPlans, toPlan } from '../db/plans.ts';
import { planAnalyticsPage } from '../db/plan-analytics.ts';
import type { PlansContext } from '../app/context.ts';

/** `GET /api/plans` is public (the landing page); a token, when sent, must be valid and makes an admin see every plan. */
export function publicRoutes(plans: PlansContext): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/plans', async (ctx) => {
    const { active } = parseInput(PlanListQuery, ctx.query);
    const token = bearerToken(ctx.get('authorization'));
    const user: AuthUser | undefined = token ? await plans.verifier.verify(token) : undefined;
    ctx.body = await catalog.listPlans(plans, user, active === 'true');
  });

  // Plan images are public and never change (one upload, one object): cache them for a year.
  router.get('/plan-images/:owner/:id', async (ctx) => {
    const { owner, id } = parseInput(IdParam.extend({ owner: IdParam.shape.id }), ctx.params);
    if (ctx.get('if-none-match')) {
      const image = await images.readImage(plans, owner, id);
      if (ctx.get('if-none-match') === image.etag) {
        image.body.destroy();
        ctx.status = 304;
        ctx.set('ETag', image.etag);
        ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
        return;
      }
      sendImage(ctx, image);
      return;
    }
    sendImage(ctx, await images.readImage(plans, owner, id));
  });

  router.put('/plan-images', authenticate(plans.verifier), async (ctx) => {
    const admin = currentUser(ctx.state);
    if (admin.role !== 'admin') throw new ForbiddenError('Admin access required');
    const { imageURL } = parseInput(PlanImageRequest, ctx.request.body);
    ctx.body = await images.attachImage(plans, admin, imageURL, requestMeta(ctx));
  });
  return router;
}

function sendImage(ctx: Context, image: images.ServedImage): void {
  ctx.set('Content-Type', image.contentType);
  ctx.set('Content-Length', String(image.size));
  ctx.set('ETag', image.etag);
  ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
  ctx.body = image.body;
}

/** The PUT of plan-image upload addresses (the kit's one upload route, for the bucket plans owns). */
export const uploadRoutes = (plans: PlansContext): Router =>
  uploadRoute({
    db: plans.db,
    store: plans.store,
    secret: plans.config.UPLOAD_TOKEN_SECRET,
    bucket: images.PLAN_IMAGES_BUCKET,
  });

/** Every route here needs an admin token, checked again here even though the gateway checked it first. */
export function adminPlanRoutes(plans: PlansContext): Router {
  const router = new Router({ prefix: '/api/admin/plans' });
  router.use(authenticate(plans.verifier), requireRole('admin'));

  router.get('/', async (ctx) => {
    const page = await pageAllPlans(plans.db, parseInput(ListQuery, ctx.query));
    sendPage(ctx, { items: page.items.map(toPlan), total: page.total });
  });
  router.get('/analytics', async (ctx) => {
    sendPage(ctx, await planAnalyticsPage(plans.db, parseInput(ListQuery, ctx.query)));
  });
  router.get('/defaults', async (ctx) => {
    ctx.body = await catalog.planDefaults(plans);
  });
  router.post('/', async (ctx) => {
    const input = parseInput(PlanInput, ctx.request.body);
    ctx.status = 201;
    ctx.body = await catalog.createPlan(plans, currentUser(ctx.state), input, requestMeta(ctx));
  });
  router.put('/:id', async (ctx) => {
    const { id } = parseInput(IdParam, ctx.params);
    ctx.body = await catalog.editPlan(
      plans,
      currentUser(ctx.state),
      id,
      parseInput(PlanInput, ctx.request.body),
      requestMeta(ctx),
    );
  });
  router.delete('/:id', async (ctx) => {
    const { id } = parseInput(IdParam, ctx.params);
    ctx.body = await catalog.deletePlan(plans, currentUser(ctx.state), id, requestMeta(ctx));
  });
  router.get('/:id/can-delete', async (ctx) => {
    const { id } = parseInput(IdParam, ctx.params);
    ctx.body = await catalog.canDeletePlan(plans, id);
  });
  return router;
}
