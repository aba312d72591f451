// The investor's deposit calls (spec section 7): the platform wallet, own deposits (one server page, newest
// first, total in X-Total-Count), declaring a deposit, and a short-lived link to a deposit's proof.
import type { Deposit, ProofLink, WalletSettings } from '@cropvest/contracts/wallet';
import { api, toPaged, type Paged } from '@cropvest/web-kit';

export interface PageArgs {
  page: number;
  pageSize: number;
}

export interface DepositBody {
  amount: string;
  txid?: string;
  screenshotUrl?: string;
}

export const depositsApi = api.injectEndpoints({
  endpoints: (build) => ({
    walletSettings: build.query<WalletSettings | null, void>({
      query: () => 'wallet-settings',
      providesTags: ['WalletSettings'],
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
  useWalletSettingsQuery,
  useMyDepositsQuery,
  useCreateDepositMutation,
  useLazyDepositProofQuery,
} = depositsApi;
