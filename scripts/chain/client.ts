// A typed client of the local chains' control API (scripts/chain/local-chains.ts), for tests, benchmarks and
// `npm run chain:send`. Every method answers what the server answers, or throws with its message.
import type { NetworkName } from '@cropvest/contracts/chain/networks';

export type TokenRole = 'usdt' | 'lookalike';
export type FaultMode = 'none' | 'down' | 'slow' | 'garbage' | 'rate-limit';

export interface EvmNetworkSummary {
  /** The JSON-RPC URL. */
  endpoint: string;
  chainId: number;
  usdtContract: string;
  lookAlikeContract: string;
  batchContract: string;
  decimals: number;
  /** The confirmations that make a transfer final here: CHAIN_<NETWORK>_CONFIRMATIONS for a chain service on it. */
  confirmationsHint: number;
  platformAddress: string;
  faucetAddress: string;
  deployerAddress: string;
}

export interface TronNetworkSummary {
  /** TronGrid's base address. */
  endpoint: string;
  usdtContract: string;
  lookAlikeContract: string;
  decimals: number;
  /** Blocks after which a block is solidified (mainnet: 19). */
  solidifyBlocks: number;
  /**
   * A transaction's confirmations (its block included) when it is solidified, solidifyBlocks + 1: what
   * CHAIN_TRC20_CONFIRMATIONS should say for a chain service on it, as on the EVM networks.
   */
  confirmationsHint: number;
  platformAddress: string;
  faucetAddress: string;
  /** Set when LOCAL_TRON_API_KEY is: requests without it in TRON-PRO-API-KEY get 401. */
  apiKey?: string;
}

export interface LocalChainsSummary {
  /** The control API's base address. */
  control: string;
  networks: { ERC20: EvmNetworkSummary; BEP20: EvmNetworkSummary; TRC20: TronNetworkSummary };
}

export interface TransferRequest {
  network: NetworkName;
  /** Default usdt. */
  token?: TokenRole;
  /** Default faucet; any other address is impersonated on the EVM networks. */
  from?: 'faucet' | 'platform' | (string & {});
  to: string;
  /** In token units, e.g. "150.5". */
  amount: string;
  /** A transaction that is mined and fails: no token moves, no Transfer log. */
  revert?: boolean;
}

export interface Sent {
  txid: string;
  blockNumber: number;
}

/** The control API refused a request (a bad address, too little balance): its status and message. */
export class LocalChainsError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class LocalChainsClient {
  constructor(readonly controlUrl: string) {}

  info(): Promise<LocalChainsSummary> {
    return this.call('GET', '/info');
  }

  transfer(request: TransferRequest): Promise<Sent> {
    return this.call('POST', '/transfer', request);
  }

  /** The owner approves the spender, which sends transferFrom(owner, to, amount): its log's `from` is the owner. */
  transferFrom(request: {
    network: NetworkName;
    owner: string;
    spender: string;
    to: string;
    amount: string;
  }): Promise<Sent> {
    return this.call('POST', '/transfer-from', request);
  }

  /** One transaction from the faucet with a Transfer log per entry. */
  batch(request: {
    network: NetworkName;
    transfers: { token?: TokenRole; to: string; amount: string }[];
  }): Promise<Sent> {
    return this.call('POST', '/batch', request);
  }

  /** Mines `blocks` empty blocks; answers the new head. */
  mine(network: NetworkName, blocks: number): Promise<{ blockNumber: number }> {
    return this.call('POST', '/mine', { network, blocks });
  }

  /** Pauses (false) or resumes (true) the block every LOCAL_CHAIN_BLOCK_MS. */
  autoBlocks(network: NetworkName, auto: boolean): Promise<{ auto: boolean }> {
    return this.call('POST', '/blocks', { network, auto });
  }

  snapshot(network: NetworkName): Promise<{ id: string; blockNumber: number }> {
    return this.call('POST', '/snapshot', { network });
  }

  /** A reorganisation back to the snapshot (TRON: solidified blocks stay). Answers the new head. */
  revert(network: NetworkName, id: string): Promise<{ blockNumber: number }> {
    return this.call('POST', '/revert', { network, id });
  }

  /** Makes the network's endpoint fail until cleared with 'none' or `durationMs` passes. */
  faults(
    network: NetworkName,
    mode: FaultMode,
    durationMs?: number,
  ): Promise<{ network: NetworkName; mode: FaultMode; until: string | null }> {
    return this.call('POST', '/faults', { network, mode, durationMs });
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.controlUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = text;
    }
    if (!response.ok) {
      const message = (answer as { message?: string } | undefined)?.message ?? text;
      throw new LocalChainsError(
        response.status,
        `local chains ${method} ${path}: ${response.status} ${message}`,
      );
    }
    return answer as T;
  }
}
