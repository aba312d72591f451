// The investor's withdrawal calls (spec section 7): own withdrawals (one server page, newest first, total in
// X-Total-Count) and requesting one, which holds the amount at once.
import type { PaymentMethod, Withdrawal, WithdrawalRequest } from '@cropvest/contracts/wallet';
import { api, toPaged, type Paged } from '@cropvest/web-kit';
import type { PageArgs } from '../../shared/deposit/api.ts';

export const withdrawalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Which networks take withdrawals; an admin switches them under Payment Methods (same tag). */
    acceptedNetworks: build.query<PaymentMethod[], void>({
      query: () => 'payment-methods',
      providesTags: ['PaymentMethods'],
    }),
    myWithdrawals: build.query<Paged<Withdrawal>, PageArgs>({
      query: ({ page, pageSize }) => ({ url: 'withdrawals', params: { page, pageSize } }),
      transformResponse: (items: Withdrawal[], meta) => toPaged(items, meta),
      providesTags: (result) => [
        ...(result?.items ?? []).map((withdrawal) => ({ type: 'Withdrawals' as const, id: withdrawal.id })),
        { type: 'Withdrawals', id: 'LIST' },
      ],
    }),
    requestWithdrawal: build.mutation<Withdrawal, WithdrawalRequest>({
      query: (body) => ({ url: 'withdrawals', method: 'POST', body }),
      // A new pending withdrawal (the lists that show withdrawals, the transaction history too), and the balance
      // drops at once (the amount is held): the user too.
      invalidatesTags: [{ type: 'Withdrawals', id: 'LIST' }, 'User'],
    }),
  }),
});

export const { useAcceptedNetworksQuery, useMyWithdrawalsQuery, useRequestWithdrawalMutation } =
  withdrawalsApi;
