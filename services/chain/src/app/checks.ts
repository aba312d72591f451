// What checking a deposit claim, a payout and a funding transfer share: asking the network (an endpoint fault is counted and
// the row waits for its next turn, never judged), and recording a verdict that is not final yet.
import type { PayoutMismatchReason } from '@cropvest/contracts';
import type { Knex } from '@cropvest/service-kit/db';
import type { PayoutVerdict, TransferContext } from '../domain/payouts.ts';
import { ChainEndpointError, type TokenTransfer, type TransactionLookup } from '../adapters/types.ts';
import { nextCheckDelayMs } from '../domain/claims.ts';
import { unitsToMoney } from '../domain/amounts.ts';
import type { Progress } from '../domain/progress.ts';
import { platformAddressKeys } from '../db/networks.ts';
import { claimedLogIndexes, claimTransfers } from '../db/transfers.ts';
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
  claimant: { kind: 'deposit' | 'withdrawal' | 'funding'; id: string },
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

/**
 * What the transfer a payout or funding check names is judged against: the network's USDT, the platform's
 * addresses, the row's amount, the logs already used by something other than row `id`, and the row's age.
 */
export async function transferContext(
  ctx: ChainContext,
  settings: { usdtContract: string; decimals: number },
  row: CheckRow & { amount: string },
  id: string,
): Promise<TransferContext> {
  return {
    network: row.network,
    usdtContract: settings.usdtContract,
    decimals: settings.decimals,
    platformAddresses: await platformAddressKeys(ctx.db, row.network),
    amount: row.amount,
    claimedLogIndexes: await claimedLogIndexes(ctx.db, row.network, row.txid_key, id),
    checkAgeMs: Date.now() - row.created_at.getTime(),
    notFoundWindowMs: ctx.config.CLAIM_NOT_FOUND_WINDOW_MINUTES * 60_000,
  };
}

/** A verdict's fields as a payout's or a funding transfer's event carries them. */
export interface TransferVerdictData {
  seq: number;
  status: 'checking' | 'confirming' | 'not_found_yet' | 'not_found' | 'verified' | 'mismatch';
  reason: PayoutMismatchReason | null;
  message: string | null;
  confirmations: number | null;
  requiredConfirmations: number | null;
}

/** A transfer check's row and how its verdicts are told (a payout's to the wallet, a funding transfer's to plans). */
export interface TransferCheck {
  table: CheckTable;
  id: string;
  row: CheckRow & { status: string };
  claimant: { kind: 'withdrawal' | 'funding'; id: string };
  announce: (trx: Knex.Transaction, data: TransferVerdictData) => Promise<unknown>;
  /** What else a mismatch does (counted, audited). */
  onMismatch: (trx: Knex.Transaction, reason: PayoutMismatchReason, message: string) => Promise<unknown>;
}

/**
 * Writes a transfer check's verdict and announces it: progress while not final; verified once final and every
 * matching log is claimed by this record (else already used); a mismatch with its reason.
 */
export async function applyTransferVerdict(
  ctx: ChainContext,
  trx: Knex.Transaction,
  check: TransferCheck,
  lookup: TransactionLookup,
  verdict: PayoutVerdict,
): Promise<void> {
  const { table, id, row } = check;
  if (verdict.kind === 'pending') {
    const seq = await recordProgress(ctx, trx, table, id, row, verdict);
    if (seq)
      await check.announce(trx, {
        seq,
        status: verdict.status,
        reason: null,
        message: verdict.message,
        confirmations: verdict.confirmations,
        requiredConfirmations: verdict.requiredConfirmations,
      });
    return;
  }
  const flag = async (reason: PayoutMismatchReason, message: string) => {
    const seq = row.seq + 1;
    await updateCheck(trx, table, id, {
      status: 'mismatch',
      reason,
      message,
      checked_at: trx.fn.now(),
      last_error: null,
      next_check_at: null,
      seq,
    });
    await check.announce(trx, {
      seq,
      status: 'mismatch',
      reason,
      message,
      confirmations: null,
      requiredConfirmations: null,
    });
    await check.onMismatch(trx, reason, message);
  };
  if (verdict.kind === 'mismatch') return flag(verdict.reason, verdict.message);
  if (lookup.kind !== 'found') return;
  if (!(await claimLogs(ctx, trx, row, lookup, verdict.logs, check.claimant)))
    return flag('already_used', 'This transaction already pays another withdrawal or deposit.');
  const seq = row.seq + 1;
  await updateCheck(trx, table, id, {
    status: 'verified',
    message: null,
    confirmations: verdict.confirmations,
    required_confirmations: verdict.requiredConfirmations,
    checked_at: trx.fn.now(),
    last_error: null,
    next_check_at: null,
    seq,
  });
  await check.announce(trx, {
    seq,
    status: 'verified',
    reason: null,
    message: null,
    confirmations: verdict.confirmations,
    requiredConfirmations: verdict.requiredConfirmations,
  });
}
