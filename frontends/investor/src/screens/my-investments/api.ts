// Investments as the investor sees them (spec section 7): their own, newest first, with the plan.
import type { Investment } from '@cropvest/contracts/plans';
import { api } from '@cropvest/web-kit';

/** The dashboard and My Investments show every investment of the account: the server's largest page. */
export const ALL_INVESTMENTS_PAGE = { page: 1, pageSize: 200 } as const;

export const investmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    myInvestments: build.query<Investment[], void>({
      query: () => ({ url: 'investments', params: ALL_INVESTMENTS_PAGE }),
      providesTags: (investments) => [
        ...(investments ?? []).map((investment) => ({ type: 'Investments' as const, id: investment.id })),
        { type: 'Investments', id: 'LIST' },
      ],
    }),
  }),
});

export const { useMyInvestmentsQuery } = investmentsApi;
