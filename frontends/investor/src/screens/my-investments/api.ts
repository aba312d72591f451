// Investments as the investor sees them (spec section 7): their own, newest first, with the plan; and buying
// slots (POST /api/investments), which refreshes the plans, the investments and the current user's balance.
import type { Investment, InvestmentRequest } from '@cropvest/contracts/plans';
import { api, fetchAllPages, isApiError } from '@cropvest/web-kit';

/** The body of POST /api/investments; `principal` is the decimal string slot price × slots. */
export type NewInvestment = Omit<InvestmentRequest, 'principal'> & { principal: string };

export const investmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    myInvestments: build.query<Investment[], void>({
      // The dashboard's and My Investments' counters add up every investment, so every page is read.
      queryFn: (_arg, { signal }) => fetchAllPages<Investment>('investments', signal),
      providesTags: (investments) => [
        ...(investments ?? []).map((investment) => ({ type: 'Investments' as const, id: investment.id })),
        { type: 'Investments', id: 'LIST' },
      ],
    }),
    createInvestment: build.mutation<Investment, NewInvestment>({
      query: (body) => ({ url: 'investments', method: 'POST', body }),
      // Money moves stay pessimistic: nothing is patched, what changed is read again. A success takes slots
      // from the plan, adds an investment and debits the balance. A refusal changed nothing, but says the
      // screen was out of date: the plan (slots gone, price edited, plan closed) or the balance. A purchase
      // the wallet has not confirmed yet (503 INVESTMENT_PENDING) may still complete: read everything again.
      invalidatesTags: (_result, error, { planId }) => {
        const plan = [
          { type: 'Plans' as const, id: 'LIST' },
          { type: 'Plans' as const, id: planId },
        ];
        if (!error) return [...plan, { type: 'Investments', id: 'LIST' }, 'User'];
        if (!isApiError(error)) return [];
        if (error.code === 'INVESTMENT_PENDING')
          return [...plan, { type: 'Investments', id: 'LIST' }, 'User'];
        if (error.code === 'INSUFFICIENT_BALANCE') return ['User'];
        if ([400, 404, 409].includes(error.status)) return plan;
        return [];
      },
    }),
  }),
});

export const { useMyInvestmentsQuery, useCreateInvestmentMutation } = investmentsApi;
