// The landing page's extra call on the shared API: the real active plans (spec section 7, GET /api/plans?active=true).
import type { Plan } from '@cropvest/contracts';
import { api } from '@cropvest/web-kit';

export const landingApi = api.injectEndpoints({
  endpoints: (build) => ({
    activePlans: build.query<Plan[], void>({
      query: () => ({ url: 'plans', params: { active: true } }),
      providesTags: ['Plans'],
    }),
  }),
});

export const { useActivePlansQuery } = landingApi;
