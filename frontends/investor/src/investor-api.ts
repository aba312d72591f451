// The investor area's calls on the shared API (spec section 7).
import { api, type InvestmentSummary } from '@cropvest/web-kit';

export const investorApi = api.injectEndpoints({
  endpoints: (build) => ({
    myInvestments: build.query<InvestmentSummary[], void>({ query: () => 'investments', providesTags: ['Investments'] }),
  }),
});

export const { useMyInvestmentsQuery } = investorApi;
