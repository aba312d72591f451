import { handlers } from '@cropvest/service-kit/operations';
import * as keyInformation from '../app/key-information.ts';
import type { PlansContext } from '../app/context.ts';

/** A plan's key information sheets (decision 0092): anyone reads one, admins publish versions. */
export const keyInformationRoutes = (plans: PlansContext) =>
  handlers('plans', {
    keyInformation: ({ id, query }) => keyInformation.keyInformation(plans, id, query.version),
    keyInformationVersions: ({ id, query }) => keyInformation.keyInformationVersions(plans, id, query),
    publishKeyInformation: ({ actor, id, body, meta }) =>
      keyInformation.publishKeyInformation(plans, actor, id, body, meta),
  });
