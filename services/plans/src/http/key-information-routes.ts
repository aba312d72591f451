import Router from '@koa/router';
import {
  KeyInformationInput,
  KeyInformationQuery,
  KeyInformationVersionsQuery,
  OperatorInput,
  OperatorListQuery,
} from '@cropvest/contracts';
import { authenticate, pageRoute, requireRole, route } from '@cropvest/service-kit';
import * as keyInformation from '../app/key-information.ts';
import type { PlansContext } from '../app/context.ts';

/** Operators and key information sheets (decision 0092): investors read a plan's sheet, admins write both. */
export function keyInformationRoutes(plans: PlansContext): Router {
  const router = new Router({ prefix: '/api' });
  router.get(
    '/plans/:id/key-information',
    route({ query: KeyInformationQuery }, ({ id, query }) =>
      keyInformation.keyInformation(plans, id, query.version),
    ),
  );

  const admin = [authenticate(plans.verifier), requireRole('admin')];
  router.put(
    '/admin/plans/:id/key-information',
    ...admin,
    route({ body: KeyInformationInput }, ({ actor, id, body, meta }) =>
      keyInformation.publishKeyInformation(plans, actor, id, body, meta),
    ),
  );
  router.get(
    '/admin/plans/:id/key-information/versions',
    ...admin,
    pageRoute({ query: KeyInformationVersionsQuery }, ({ id, query }) =>
      keyInformation.keyInformationVersions(plans, id, query),
    ),
  );
  router.get(
    '/admin/operators',
    ...admin,
    pageRoute({ query: OperatorListQuery }, ({ query }) => keyInformation.operators(plans, query)),
  );
  router.post(
    '/admin/operators',
    ...admin,
    route({ body: OperatorInput, status: 201 }, ({ actor, body, meta }) =>
      keyInformation.createOperator(plans, actor, body, meta),
    ),
  );
  router.get(
    '/admin/operators/:id',
    ...admin,
    route({}, ({ id }) => keyInformation.operator(plans, id)),
  );
  router.put(
    '/admin/operators/:id',
    ...admin,
    route({ body: OperatorInput }, ({ actor, id, body, meta }) =>
      keyInformation.editOperator(plans, actor, id, body, meta),
    ),
  );
  return router;
}
