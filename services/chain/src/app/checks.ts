// What checking a deposit claim and checking a payout share: asking the network (an endpoint fault is counted and
// the row waits for its next turn, never judged), and recording a verdict that is not final yet.
import type { Knex } from '@cropvest/service-kit';
import { ChainEndpointError, type TokenTransfer, type TransactionLookup } from '../adapters/types.ts';
import { nextCheckDelayMs } from '../domain/claims.ts';
import { unitsToMoney } from '../domain/amounts.ts';
import type { Progress } from '../domain/progress.ts';
import { claimTransfers } from '../db/transfers.ts';
import { updateCheck, type CheckRow, type CheckTable } from '../db/checks.ts';
import { inTransaction, type ChainContext } from './context.ts';

/** The transaction as the row's network shows it; null after an endpoint fault (the row is rescheduled). */
export async function lookUp(
  ctx: ChainContext,
  table: CheckTable,
  id: string,
  row: CheckRow,
): Promise<TransactionLookup | null> {
  const adapter = ctx.networks.get(row.network)?.adapter;
  if (!adapter) throw new Error(`${row.network} is not watched`);
  try {
    return await adapter.lookupTransaction(row.txid);
  } catch (error) {
    if (!(error instanceof ChainEndpointError)) throw error;
    ctx.chainMetrics.rpcErrors.inc({ network: row.network, reason: error.reason });
    ctx.logger.warn({ err: error, table, id }, 'chain lookup failed; the check waits');
    await inTransaction(ctx, (trx) =>
      updateCheck(trx, table, id, {
        last_error: error.message,
        next_check_at: new Date(
          Date.now() + nextCheckDelayMs('not_found_yet', row.attempts, ctx.config.CHAIN_RECHECK_MS),
        ),
      }),
    );
    return null;
  }
}

/**
 * Writes a verdict that is not final and when to look again; answers the new sequence number when the verdict
 * changed (the caller announces it), null when it only confirmed what was known (nothing to announce).
 */
export async function recordProgress(
  ctx: ChainContext,
  trx: Knex.Transaction,
  table: CheckTable,
  id: string,
  row: CheckRow & { status: string },
  progress: Progress,
): Promise<number | null> {
  const changed = progress.status !== row.status || progress.confirmations !== row.confirmations;
  const delay = nextCheckDelayMs(progress.status, row.attempts, ctx.config.CHAIN_RECHECK_MS);
  await updateCheck(trx, table, id, {
    status: progress.status,
    message: progress.message,
    confirmations: progress.confirmations,
    required_confirmations: progress.requiredConfirmations,
    checked_at: trx.fn.now(),
    last_error: null,
    next_check_at: new Date(Date.now() + delay),
    ...(changed ? { seq: row.seq + 1 } : {}),
  });
  return changed ? row.seq + 1 : null;
}

/**
 * Records the transaction's logs (once) as `claimant`'s: true when every one is now its own, false when something
 * else claimed any of them first (then the caller refuses, as if it had been seen first).
 */
export function claimLogs(
  ctx: ChainContext,
  trx: Knex.Transaction,
  row: CheckRow,
  lookup: Extract<TransactionLookup, { kind: 'found' }>,
  logs: TokenTransfer[],
  claimant: { kind: 'deposit' | 'withdrawal'; id: string },
): Promise<boolean> {
  const decimals = ctx.networks.get(row.network)?.settings.decimals as number;
  return claimTransfers(
    trx,
    {
      network: row.network,
      txid: lookup.txHash,
      txidKey: row.txid_key,
      blockNumber: lookup.blockNumber,
      blockTime: lookup.blockTime,
    },
    logs,
    (raw) => unitsToMoney(raw, decimals),
    claimant,
  );
}
