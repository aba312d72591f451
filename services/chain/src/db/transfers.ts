// Every USDT `Transfer` log the service has seen, once per network, transaction and log. Claiming one for a deposit
// is a conditional write: a log already claimed by something else is never claimed again.
import { v7 as uuidv7 } from 'uuid';
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import type { Knex } from '@cropvest/service-kit/db';
import type { TokenTransfer } from '../adapters/types.ts';

export interface SeenTransaction {
  network: NetworkName;
  txid: string;
  txidKey: string;
  blockNumber: bigint;
  blockTime: Date | null;
}

/** Log indexes of the transaction claimed by anything but `exceptClaimant`. */
export async function claimedLogIndexes(
  db: Knex,
  network: NetworkName,
  txidKey: string,
  exceptClaimant: string,
): Promise<Set<number>> {
  const rows = await db('chain_transfers')
    .where({ network, txid_key: txidKey })
    .whereNotNull('claimed_by')
    .whereNot('claimed_by', exceptClaimant)
    .select<{ log_index: number }[]>('log_index');
  return new Set(rows.map((row) => row.log_index));
}

/**
 * Records the logs (if not seen yet) and claims them for `claimant`; true when every one is now its own, false
 * when any was claimed by something else first (then nothing is claimed: the caller's transaction rolls back or
 * refuses).
 */
export async function claimTransfers(
  trx: Knex.Transaction,
  seen: SeenTransaction,
  logs: TokenTransfer[],
  amountOf: (raw: bigint) => string,
  claimant: { kind: 'deposit' | 'assignment' | 'withdrawal' | 'funding'; id: string },
): Promise<boolean> {
  const rows = logs.map((log) => ({
    id: uuidv7(),
    network: seen.network,
    txid: seen.txid,
    txid_key: seen.txidKey,
    log_index: log.logIndex,
    contract: log.contract,
    from_address: log.from,
    to_address: log.to,
    raw_amount: log.rawAmount.toString(),
    amount: amountOf(log.rawAmount),
    block_number: seen.blockNumber.toString(),
    block_time: seen.blockTime,
    claimed_by_kind: claimant.kind,
    claimed_by: claimant.id,
    claimed_at: trx.fn.now(),
  }));
  const claimed = await trx('chain_transfers')
    .insert(rows)
    .onConflict(['network', 'txid_key', 'log_index'])
    .merge(['claimed_by_kind', 'claimed_by', 'claimed_at'])
    .where('chain_transfers.claimed_by', null)
    .orWhere('chain_transfers.claimed_by', claimant.id)
    .returning('id');
  return claimed.length === logs.length;
}
