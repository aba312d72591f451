// The landing page's plans call on the shared API, built from its operation in the contracts (decision 0120): the
// real active plans (spec section 7).
import type { Plan } from '@cropvest/contracts';
import { plansOperations } from '@cropvest/contracts/browser-operations';
import { api, cacheTags, operationRequest } from '@cropvest/web-kit';

const planTags = cacheTags('Plans');

const landingPlansApi = api.injectEndpoints({
  endpoints: (build) => ({
    activePlans: build.query<Plan[], void>({
      query: () => operationRequest(plansOperations.plans, { query: { active: 'true' } }),
      providesTags: [planTags.list],
    }),
  }),
});

export const { useActivePlansQuery } = landingPlansApi;
