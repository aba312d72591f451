// The investor's withdrawal limits (docs/decisions/0099): read under the withdrawals list's tag, so a request (or
// anything else that changes the list) reads what remains again at once.
import type { WithdrawalLimits } from '@cropvest/contracts/withdrawal-limits';
import { api } from '@cropvest/web-kit';

export const withdrawalLimitsApi = api.injectEndpoints({
  endpoints: (build) => ({
    myWithdrawalLimits: build.query<WithdrawalLimits, void>({
      query: () => 'withdrawals/limits',
      providesTags: [{ type: 'Withdrawals', id: 'LIST' }],
    }),
  }),
});

export const { useMyWithdrawalLimitsQuery } = withdrawalLimitsApi;
