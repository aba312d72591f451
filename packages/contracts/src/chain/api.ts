// The chain service's operations (docs/decisions/0080).
import { z } from '../zod.ts';
import { ownedBy } from '../api-operation.ts';
import { ChainNetwork } from './model.ts';

export const chainOperations = ownedBy('chain', {
  chainNetworks: {
    method: 'get',
    path: '/api/chain/networks',
    summary:
      "The USDT networks: the platform's deposit address on each, whether it takes deposits and withdrawals, its USDT contract and how long finality takes (public: anyone may check the addresses on chain)",
    tag: 'Chain',
    auth: 'public',
    response: z.array(ChainNetwork),
  },
});
