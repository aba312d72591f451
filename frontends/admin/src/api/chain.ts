// The admin's chain calls (decision 0120), each built from its operation in the contracts: what the chain
// service says of each network (whether it is watched, its USDT contract, its explorer), read by Manage Deposits,
// Manage Withdrawals, Wallet Settings and Payment Methods.
import { chainOperations } from '@cropvest/contracts/chain-api';
import type { ChainNetwork } from '@cropvest/contracts/chain';
import { api, operationRequest } from '@cropvest/web-kit';

export const adminChainApi = api.enhanceEndpoints({ addTagTypes: ['ChainNetworks'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Named apart from any investor endpoint on the same operation: one API serves every remote. */
    adminChainNetworks: build.query<ChainNetwork[], void>({
      query: () => operationRequest(chainOperations.chainNetworks),
      providesTags: ['ChainNetworks'],
    }),
  }),
});

export const { useAdminChainNetworksQuery } = adminChainApi;
