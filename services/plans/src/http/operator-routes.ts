import { handlers } from '@cropvest/service-kit/operations';
import * as keyInformation from '../app/key-information.ts';
import type { PlansContext } from '../app/context.ts';

/** The farm operators a plan's key information sheet names (decision 0092), kept by admins. */
export const operatorRoutes = (plans: PlansContext) =>
  handlers('plans', {
    operators: ({ query }) => keyInformation.operators(plans, query),
    createOperator: ({ actor, body, meta }) => keyInformation.createOperator(plans, actor, body, meta),
    operator: ({ id }) => keyInformation.operator(plans, id),
    updateOperator: ({ actor, id, body, meta }) => keyInformation.editOperator(plans, actor, id, body, meta),
  });
