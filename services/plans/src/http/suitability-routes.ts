import Router from '@koa/router';
import { SuitabilityRequest } from '@cropvest/contracts';
import { authenticate, route } from '@cropvest/service-kit';
import { answerSuitability, suitabilityStatus } from '../app/suitability.ts';
import type { PlansContext } from '../app/context.ts';

/** The signed-in investor's own suitability answers (decision 0094). */
export function suitabilityRoutes(plans: PlansContext): Router {
  const router = new Router({ prefix: '/api/suitability' });
  router.use(authenticate(plans.verifier));
  router.get(
    '/',
    route({}, ({ actor }) => suitabilityStatus(plans, actor)),
  );
  router.put(
    '/',
    route({ body: SuitabilityRequest }, ({ actor, body }) => answerSuitability(plans, actor, body)),
  );
  return router;
}
