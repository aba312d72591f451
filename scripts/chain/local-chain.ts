// What the control API (local-chains.ts) asks of each local chain, EVM or the TRON stand-in, in the same terms:
// tokens by role, parties by role or address, amounts as decimal strings in token units.
import { parseUnits } from 'viem';
import type { Sent, TokenRole } from './client.ts';

export type { Sent, TokenRole };
/** A local account by its role, or any address in the network's own form. */
export type Party = 'faucet' | 'platform' | (string & {});

export interface LocalChain {
  transfer(request: {
    token: TokenRole;
    from: Party;
    to: string;
    amount: string;
    revert: boolean;
  }): Promise<Sent>;
  /** The owner approves the spender, which then moves the amount from the owner: the Transfer log's `from` is not the sender. */
  transferFrom(request: { owner: Party; spender: Party; to: string; amount: string }): Promise<Sent>;
  /** One transaction from the faucet with a Transfer log per entry. */
  batch(transfers: { token: TokenRole; to: string; amount: string }[]): Promise<Sent>;
  /** The newest block's number. */
  head(): Promise<number>;
  mine(blocks: number): Promise<void>;
  /** Pauses or resumes the empty block every LOCAL_CHAIN_BLOCK_MS. */
  setAutoBlocks(auto: boolean): Promise<void>;
  snapshot(): Promise<string>;
  /** Back to the snapshot, dropping what came after it: a reorganisation. The snapshot is used up. */
  revert(id: string): Promise<void>;
  stop(): Promise<void>;
}

/** A refusal the control API answers with this status and message (a bad address, too little balance). */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function parseAmount(amount: string, decimals: number): bigint {
  if (!/^\d+(\.\d+)?$/.test(amount))
    throw new ControlError(400, `amount must be a decimal number, not ${amount}`);
  const [, fraction = ''] = amount.split('.');
  if (fraction.length > decimals)
    throw new ControlError(400, `amount ${amount} has more than ${decimals} decimals`);
  const value = parseUnits(amount, decimals);
  if (value === 0n) throw new ControlError(400, 'amount must be more than 0');
  return value;
}

/** The local accounts' roles, by Hardhat's well-known accounts #0, #1 and #2. */
export const ACCOUNT_ROLES = ['deployer', 'platform', 'faucet'] as const;

/**
 * Supplies, in whole tokens: the deployer mints and funds the faucet generously. The platform starts empty: what
 * it holds came from deposits, so reconciliation (decision 0082) finds the chain and the ledger agreeing, and a
 * scan of the platform's address finds no transfer nobody made.
 */
export const SUPPLY = { minted: 10n ** 12n, faucet: 10n ** 11n };
