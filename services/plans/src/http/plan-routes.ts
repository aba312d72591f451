import Router from '@koa/router';
import type { Context } from 'koa';
import {
  AdminPlanListQuery,
  IdParam,
  ListQuery,
  PlanImageRequest,
  PlanInput,
  PlanListQuery,
} from '@cropvest/contracts';
import { authenticate, optionalUser, parseInput, pageRoute, requireRole, route } from '@cropvest/service-kit';
import { uploadRoute } from '@cropvest/service-kit/uploads';
import * as catalog from '../app/plans.ts';
import * as images from '../app/images.ts';
import { planAnalyticsPage } from '../db/plan-analytics.ts';
import type { PlansContext } from '../app/context.ts';

/**
 * `GET /api/plans` is public (the landing page); a token, when sent, must be valid and makes an admin see every
 * plan. So is one plan, for its page (its investors read it once it no longer takes investments).
 */
export function publicRoutes(plans: PlansContext): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/plans', async (ctx) => {
    const { active } = parseInput(PlanListQuery, ctx.query);
    ctx.body = await catalog.listPlans(plans, await optionalUser(plans.verifier, ctx), active === 'true');
  });

  router.get(
    '/plans/:id',
    route({}, async ({ id, ctx }) => catalog.readPlan(plans, await optionalUser(plans.verifier, ctx), id)),
  );

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

  router.put(
    '/plan-images',
    authenticate(plans.verifier),
    requireRole('admin'),
    route({ body: PlanImageRequest }, ({ actor, body, meta }) =>
      images.attachImage(plans, actor, body.imageURL, meta),
    ),
  );
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

  router.get(
    '/',
    pageRoute({ query: AdminPlanListQuery }, ({ query }) => catalog.adminPlanPage(plans, query)),
  );
  router.get(
    '/analytics',
    pageRoute({ query: ListQuery }, ({ query }) => planAnalyticsPage(plans.db, query)),
  );
  router.get(
    '/defaults',
    route({}, () => catalog.planDefaults(plans)),
  );
  router.post(
    '/',
    route({ body: PlanInput, status: 201 }, ({ actor, body, meta }) =>
      catalog.createPlan(plans, actor, body, meta),
    ),
  );
  router.put(
    '/:id',
    route({ body: PlanInput }, ({ actor, id, body, meta }) => catalog.editPlan(plans, actor, id, body, meta)),
  );
  router.delete(
    '/:id',
    route({}, ({ actor, id, meta }) => catalog.deletePlan(plans, actor, id, meta)),
  );
  router.get(
    '/:id/can-delete',
    route({}, ({ id }) => catalog.canDeletePlan(plans, id)),
  );
  return router;
}
