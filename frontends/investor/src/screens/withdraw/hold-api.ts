// The investor's withdrawal hold after a security change (docs/decisions/0098): read under the withdrawals list's
// tag, so a request the server refused for a hold (or anything else that changes the list) reads it again at once.
import type { WithdrawalHold } from '@cropvest/contracts/withdrawal-holds';
import { api } from '@cropvest/web-kit';

export const withdrawalHoldApi = api.injectEndpoints({
  endpoints: (build) => ({
    myWithdrawalHold: build.query<WithdrawalHold, void>({
      query: () => 'withdrawals/hold',
      providesTags: [{ type: 'Withdrawals', id: 'LIST' }],
    }),
  }),
});

export const { useMyWithdrawalHoldQuery } = withdrawalHoldApi;
