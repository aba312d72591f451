import { handlers } from '@cropvest/service-kit/operations';
import { answerSuitability, suitabilityStatus } from '../app/suitability.ts';
import type { PlansContext } from '../app/context.ts';

/** The signed-in investor's own suitability answers (decision 0094). */
export const suitabilityRoutes = (plans: PlansContext) =>
  handlers('plans', {
    mySuitability: ({ actor }) => suitabilityStatus(plans, actor),
    answerSuitability: ({ actor, body }) => answerSuitability(plans, actor, body),
  });
