// The investor's deposit calls (spec section 7, docs/decisions/0080): the networks with the platform's deposit
// address on each (the chain service's public list), own deposits (one server page, newest first, total in
// X-Total-Count, each with its chain verdict), claiming a deposit, and a short-lived link to a deposit's proof.
import type { ChainNetwork } from '@cropvest/contracts/chain';
import type { Deposit, ProofLink } from '@cropvest/contracts/wallet';
import { api, toPaged, type Paged } from '@cropvest/web-kit';
import type { DepositBody } from './rules.ts';

export interface PageArgs {
  page: number;
  pageSize: number;
}

export const depositsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Every USDT network: its deposit address, whether it takes deposits, its contract and finality. It follows
     * Wallet Settings and Payment Methods, so what changes those refreshes it.
     */
    chainNetworks: build.query<ChainNetwork[], void>({
      query: () => 'chain/networks',
      providesTags: ['WalletSettings', 'PaymentMethods'],
    }),
    myDeposits: build.query<Paged<Deposit>, PageArgs>({
      query: ({ page, pageSize }) => ({ url: 'deposits', params: { page, pageSize } }),
      transformResponse: (items: Deposit[], meta) => toPaged(items, meta),
      providesTags: (result) => [
        ...(result?.items ?? []).map((deposit) => ({ type: 'Deposits' as const, id: deposit.id })),
        { type: 'Deposits', id: 'LIST' },
      ],
    }),
    createDeposit: build.mutation<Deposit, DepositBody>({
      query: (body) => ({ url: 'deposits', method: 'POST', body }),
      // A new pending deposit: the lists that show deposits (the transaction history too), and the user (the spec
      // refreshes it after a deposit).
      invalidatesTags: [{ type: 'Deposits', id: 'LIST' }, 'User'],
    }),
    /** A fresh link on every call (it expires within minutes), so nothing is kept. */
    depositProof: build.query<ProofLink, string>({
      query: (id) => ({ url: ['deposits', id, 'proof'] }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useChainNetworksQuery,
  useMyDepositsQuery,
  useCreateDepositMutation,
  useLazyDepositProofQuery,
} = depositsApi;
