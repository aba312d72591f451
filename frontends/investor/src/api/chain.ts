// The chain service's public list of USDT networks (decision 0120: built from its operation in the contracts),
// read by Deposit and Withdraw.
import type { ChainNetwork } from '@cropvest/contracts/chain/model';
import { chainOperations } from '@cropvest/contracts/browser-operations';
import { api, operationRequest } from '@cropvest/web-kit';

export const chainApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Every USDT network: its deposit address, whether it takes deposits, its contract and finality. It follows
     * Wallet Settings and Payment Methods, so what changes those refreshes it.
     */
    chainNetworks: build.query<ChainNetwork[], void>({
      query: () => operationRequest(chainOperations.chainNetworks),
      providesTags: ['WalletSettings', 'PaymentMethods'],
    }),
  }),
});

export const { useChainNetworksQuery } = chainApi;
