// The plans open for investment (spec section 7: GET /api/plans?active=true). For an investor the server
// answers only active, unfinished plans with slots left (services/plans listOpenPlans).
import type { Plan } from '@cropvest/contracts/plans';
import { api } from '@cropvest/web-kit';

export const browsePlansApi = api.injectEndpoints({
  endpoints: (build) => ({
    investablePlans: build.query<Plan[], void>({
      query: () => ({ url: 'plans', params: { active: true } }),
      providesTags: (plans) => [
        ...(plans ?? []).map((plan) => ({ type: 'Plans' as const, id: plan.id })),
        { type: 'Plans', id: 'LIST' },
      ],
    }),
  }),
});

export const { useInvestablePlansQuery } = browsePlansApi;
