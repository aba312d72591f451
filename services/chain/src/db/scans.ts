// Each network's scan (docs/decisions/0081, 0084): where it goes on from (an adapter's cursor, opaque here), and every
// incoming USDT transfer it found, recorded once per network, transaction and log. Both are written in one
// transaction, so a page is either recorded with its cursor or not at all.
import { v7 as uuidv7 } from 'uuid';
import { txidKey } from '@cropvest/contracts';
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import type { Knex } from '@cropvest/service-kit/db';
import type { IncomingTransfer, ScanCursor } from '../adapters/types.ts';

/** Rows per insert statement: well under PostgreSQL's 65,535 bind parameters at 13 columns a row. */
const CHUNK = 1_000;

export async function readCursor(trx: Knex.Transaction, network: NetworkName): Promise<ScanCursor | null> {
  const row = (await trx('scan_cursors').where({ network }).first('cursor')) as
    { cursor: ScanCursor } | undefined;
  return row?.cursor ?? null;
}

export async function saveCursor(
  trx: Knex.Transaction,
  network: NetworkName,
  cursor: ScanCursor,
): Promise<void> {
  await trx('scan_cursors')
    .insert({ network, cursor: JSON.stringify(cursor) })
    .onConflict('network')
    .merge({ cursor: JSON.stringify(cursor), updated_at: trx.fn.now() });
}

/**
 * Records the transfers not seen before and answers how many were new. A log a deposit claim or a payout recorded
 * first is left as it is, with who claimed it.
 */
export async function recordTransfers(
  trx: Knex.Transaction,
  network: NetworkName,
  transfers: readonly IncomingTransfer[],
  amountOf: (raw: bigint) => string,
): Promise<number> {
  let recorded = 0;
  for (let start = 0; start < transfers.length; start += CHUNK) {
    const rows = transfers.slice(start, start + CHUNK).map((transfer) => ({
      id: uuidv7(),
      network,
      txid: transfer.txHash,
      txid_key: txidKey(transfer.txHash),
      log_index: transfer.logIndex,
      contract: transfer.contract,
      from_address: transfer.from,
      to_address: transfer.to,
      raw_amount: transfer.rawAmount.toString(),
      amount: amountOf(transfer.rawAmount),
      block_number: transfer.blockNumber.toString(),
      block_time: transfer.blockTime,
    }));
    const inserted = await trx('chain_transfers')
      .insert(rows)
      .onConflict(['network', 'txid_key', 'log_index'])
      .ignore()
      .returning('id');
    recorded += inserted.length;
  }
  return recorded;
}
