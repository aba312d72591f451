// Investments as the investor sees them (spec section 7; issue 25): their own, newest first, with the plan, its
// newest field report and its coverage; buying slots (POST /api/investments), which refreshes the plans, the
// investments and the current user's balance; and cancelling one within its four days to reconsider
// (decision 0094), which returns the slots to the plan at once and the principal to the balance through the wallet.
import type { InvestmentRequest, Investment } from '@cropvest/contracts/plans';
import type { MyInvestment } from '@cropvest/contracts/field-reports';
import { api, fetchAllPages, isApiError } from '@cropvest/web-kit';

/** The body of POST /api/investments; `principal` is the decimal string slot price × slots. */
export type NewInvestment = Omit<InvestmentRequest, 'principal'> & { principal: string };

const INVESTMENTS = { type: 'Investments' as const, id: 'LIST' };
const PLANS = { type: 'Plans' as const, id: 'LIST' };

export const investmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    myInvestments: build.query<MyInvestment[], void>({
      // The dashboard's and My Investments' counters add up every investment, so every page is read.
      queryFn: (_arg, { signal }) => fetchAllPages<MyInvestment>('investments', signal),
      providesTags: (investments) => [
        ...(investments ?? []).map((investment) => ({ type: 'Investments' as const, id: investment.id })),
        INVESTMENTS,
      ],
    }),
    createInvestment: build.mutation<Investment, NewInvestment>({
      query: (body) => ({ url: 'investments', method: 'POST', body }),
      // Money moves stay pessimistic: nothing is patched, what changed is read again. A success takes slots
      // from the plan, adds an investment and debits the balance. A refusal changed nothing, but says the
      // screen was out of date: the plan (slots gone, price edited, plan closed, a new key information sheet)
      // or the balance. A purchase the wallet has not confirmed yet (503 INVESTMENT_PENDING) may still
      // complete: read everything again.
      invalidatesTags: (_result, error, { planId }) => {
        const plan = [PLANS, { type: 'Plans' as const, id: planId }];
        if (!error) return [...plan, INVESTMENTS, 'User'];
        if (!isApiError(error)) return [];
        if (error.code === 'INVESTMENT_PENDING') return [...plan, INVESTMENTS, 'User'];
        if (error.code === 'INSUFFICIENT_BALANCE') return ['User'];
        if ([400, 404, 409].includes(error.status)) return plan;
        return [];
      },
    }),
    cancelInvestment: build.mutation<Investment, { id: string; planId: string }>({
      query: ({ id }) => ({ url: ['investments', id, 'cancel'], method: 'POST' }),
      // Cancelled, or refused because it no longer can be (the four days over, harvested, cancelled elsewhere):
      // either way the list is read again; a cancellation also gave the plan its slots back. The principal
      // reaches the balance through the wallet's event a moment later (useBalanceReturn reads it then).
      invalidatesTags: (_result, error, { id, planId }) =>
        !error || (isApiError(error) && [404, 409].includes(error.status))
          ? [INVESTMENTS, { type: 'Investments', id }, PLANS, { type: 'Plans', id: planId }]
          : [],
    }),
  }),
});

export const { useMyInvestmentsQuery, useCreateInvestmentMutation, useCancelInvestmentMutation } =
  investmentsApi;
