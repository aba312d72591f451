// What the chain service asks of a blockchain, whatever the network: the adapters (evm.ts through viem, tron.ts
// through TronGrid's HTTP API) answer these in the same shapes, so the verification rules (domain/) never see a
// network's own formats. Amounts are in the token's base units (bigint); addresses in each network's usual form
// (TRON base58check `T…`, EVM EIP-55 checksummed `0x…`).
import type { NetworkName } from '@cropvest/contracts/chain/networks';

/** One ERC-20/TRC-20 `Transfer(from, to, value)` log of a transaction, whichever contract emitted it. */
export interface TokenTransfer {
  /** The log's position in its transaction's receipt (TRON: in its `log` list), unique per transaction. */
  logIndex: number;
  /** The contract that emitted the log: a look-alike token emits the same event from another address. */
  contract: string;
  from: string;
  to: string;
  rawAmount: bigint;
}

export type TransactionLookup =
  | { kind: 'not_found' }
  | {
      kind: 'found';
      /** The transaction id in the network's display form (TRON: 64 hex digits; EVM: 0x + 64). */
      txHash: string;
      /** False for a transaction that was included but reverted or failed: its logs moved nothing. */
      success: boolean;
      blockNumber: bigint;
      blockTime: Date | null;
      /** Every decoded `Transfer` log; logs that are not `Transfer` events are left out. */
      transfers: TokenTransfer[];
      /** Blocks on top of the transaction's, its own included (TRON: since inclusion, up to solidification). */
      confirmations: number;
      /** What makes it final on this network (decision 0081): TRON solidified, EVM confirmations reached. */
      requiredConfirmations: number;
      final: boolean;
    };

/** A transfer of the configured USDT into a watched address, from a final block. */
export interface IncomingTransfer extends TokenTransfer {
  txHash: string;
  blockNumber: bigint;
  blockTime: Date | null;
}

/**
 * Where a scan goes on from, per network, stored as JSON between runs (EVM: the next block to read; TRON: per
 * address, the newest block timestamp fully read). Opaque to everything but its adapter.
 */
export type ScanCursor = Record<string, unknown>;

export interface ScanPage {
  transfers: IncomingTransfer[];
  /** Saved with the page's transfers in one transaction: the next scan starts here. */
  cursor: ScanCursor;
  /** True when the scan reached the final head; false when there is more to read right away. */
  caughtUp: boolean;
  /**
   * About how many final blocks are still to read after this page, when the adapter knows it cheaply (EVM: from the
   * cursor to the final head; TRON: from the newest transfer read to the solidified head); 0 once caught up.
   */
  behindBlocks?: number;
  /**
   * True when the cursor was ahead of the chain's final head: a local chain that started afresh
   * (CHAIN_RESET_ON_REWIND), or, in production, a rewind deeper than finality, which is an error to report.
   */
  rewound?: boolean;
}

export interface ChainAdapter {
  readonly network: NetworkName;
  /** The transaction and its `Transfer` logs; `not_found` when no node knows it (yet, or any more). */
  lookupTransaction(txHash: string): Promise<TransactionLookup>;
  /** Transfers of the configured USDT into any of `addresses`, final blocks only, from `cursor` (null: the start). */
  scanIncoming(addresses: readonly string[], cursor: ScanCursor | null, limit: number): Promise<ScanPage>;
  /** The configured USDT balance of `address` at the final block, in base units. */
  balanceOf(address: string): Promise<bigint>;
  /** The newest block and the newest final one. */
  head(): Promise<{ block: bigint; finalBlock: bigint }>;
}

/**
 * A fault of the endpoint, not a verdict on the transaction: unreachable, too slow, 5xx, rate limited after every
 * retry, or an answer that does not parse. The caller leaves what it was checking as it was and tries later.
 */
export class ChainEndpointError extends Error {
  override name = 'ChainEndpointError';
  constructor(
    readonly network: NetworkName,
    readonly reason: 'unreachable' | 'timeout' | 'http_status' | 'rate_limited' | 'malformed',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${network}: ${message}`, options);
  }
}

/** How each adapter calls its network, from the chain service's settings. */
export interface AdapterOptions {
  /** CHAIN_REQUEST_TIMEOUT_MS: one attempt of one call. */
  timeoutMs: number;
  /** CHAIN_REQUEST_RETRIES: attempts after the first, for faults that may pass. */
  retries: number;
  /** CHAIN_SCAN_BLOCK_RANGE: blocks per eth_getLogs (EVM). */
  scanBlockRange: number;
  /** CHAIN_RESET_ON_REWIND: a scan cursor ahead of the chain starts over (local chains only). */
  resetOnRewind: boolean;
}
