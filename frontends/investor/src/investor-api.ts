// The investor area's calls on the shared API (spec section 7).
import type { Investment } from '@cropvest/contracts';
import { api } from '@cropvest/web-kit';

export const investorApi = api.injectEndpoints({
  endpoints: (build) => ({
    myInvestments: build.query<Investment[], void>({
      query: () => 'investments',
      providesTags: ['Investments'],
    }),
  }),
});

export const { useMyInvestmentsQuery } = investorApi;
