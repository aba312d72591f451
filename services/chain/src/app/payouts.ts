// Payouts (docs/decisions/0080): an admin sends a withdrawal from the operator's own wallet and gives its
// transaction id; the chain checks it paid the investor's exact address the exact amount of real USDT from a platform
// address, and announces the verdict. A mismatch is audited and counted (alert WithdrawalTransferMismatch).
import { CHAIN_ACTOR_ID, txidKey, type EventData } from '@cropvest/contracts';
import { emit, emitAudit, type Knex } from '@cropvest/service-kit';
import type { TransactionLookup } from '../adapters/types.ts';
import { judgePayout, type PayoutVerdict } from '../domain/payouts.ts';
import { lockCheck, updateCheck } from '../db/checks.ts';
import { platformAddressKeys } from '../db/networks.ts';
import { recordPayoutCheck, type PayoutRow } from '../db/payouts.ts';
import { claimedLogIndexes } from '../db/transfers.ts';
import { claimLogs, lookUp, recordProgress } from './checks.ts';
import { inTransaction, SOURCE, type ChainContext } from './context.ts';

const TABLE = 'payout_checks';

/** Withdrawals are paid on TRC-20 only (spec). */
const PAYOUT_NETWORK = 'TRC20';

/** Records the payout to check (from an approval with a transaction id, or one added after). */
export async function recordPayout(
  trx: Knex.Transaction,
  payout: { withdrawalId: string; userId: string; amount: string; walletAddress: string; txid: string },
): Promise<void> {
  await recordPayoutCheck(trx, {
    withdrawal_id: payout.withdrawalId,
    user_id: payout.userId,
    network: PAYOUT_NETWORK,
    txid: payout.txid,
    txid_key: txidKey(payout.txid),
    to_address: payout.walletAddress,
    amount: payout.amount,
  });
}

const announce = (
  trx: Knex.Transaction,
  payout: PayoutRow,
  data: Omit<EventData<'chain.withdrawal.verified'>, 'withdrawalId' | 'userId' | 'txid'>,
) =>
  emit(
    trx,
    'chain.withdrawal.verified',
    { withdrawalId: payout.withdrawal_id, userId: payout.user_id, txid: payout.txid, ...data },
    { source: SOURCE, actorId: null, subjectId: payout.user_id, traceparent: null },
  );

export async function checkPayout(ctx: ChainContext, payout: PayoutRow): Promise<void> {
  const watched = ctx.networks.get(payout.network);
  // Not watched: nothing can verify it; it stays "checking" until the network is configured.
  if (!watched) return;
  const lookup = await lookUp(ctx, TABLE, payout.withdrawal_id, payout);
  if (!lookup) return;
  const verdict = judgePayout(lookup, {
    network: payout.network,
    usdtContract: watched.settings.usdtContract,
    decimals: watched.settings.decimals,
    platformAddresses: await platformAddressKeys(ctx.db, payout.network),
    toAddress: payout.to_address,
    amount: payout.amount,
    claimedLogIndexes: await claimedLogIndexes(ctx.db, payout.network, payout.txid_key, payout.withdrawal_id),
    checkAgeMs: Date.now() - payout.created_at.getTime(),
    notFoundWindowMs: ctx.config.CLAIM_NOT_FOUND_WINDOW_MINUTES * 60_000,
  });
  await inTransaction(ctx, async (trx) => {
    const current = await lockCheck<PayoutRow>(trx, TABLE, payout.withdrawal_id);
    // Decided meanwhile, or replaced by another transaction id: this verdict is about nothing current.
    if (!current || current.txid_key !== payout.txid_key || ['verified', 'mismatch'].includes(current.status))
      return;
    await applyVerdict(ctx, trx, current, lookup, verdict);
  });
}

async function applyVerdict(
  ctx: ChainContext,
  trx: Knex.Transaction,
  payout: PayoutRow,
  lookup: TransactionLookup,
  verdict: PayoutVerdict,
): Promise<void> {
  if (verdict.kind === 'pending') {
    const seq = await recordProgress(ctx, trx, TABLE, payout.withdrawal_id, payout, verdict);
    if (seq)
      await announce(trx, payout, {
        seq,
        status: verdict.status,
        reason: null,
        message: verdict.message,
        confirmations: verdict.confirmations,
        requiredConfirmations: verdict.requiredConfirmations,
      });
    return;
  }
  if (verdict.kind === 'mismatch') return flagMismatch(ctx, trx, payout, verdict.reason, verdict.message);
  if (lookup.kind !== 'found') return;
  const ours = await claimLogs(ctx, trx, payout, lookup, verdict.logs, {
    kind: 'withdrawal',
    id: payout.withdrawal_id,
  });
  if (!ours)
    return flagMismatch(
      ctx,
      trx,
      payout,
      'already_used',
      'This transaction already pays another withdrawal or deposit.',
    );
  const seq = payout.seq + 1;
  await updateCheck(trx, TABLE, payout.withdrawal_id, {
    status: 'verified',
    message: null,
    confirmations: verdict.confirmations,
    required_confirmations: verdict.requiredConfirmations,
    checked_at: trx.fn.now(),
    last_error: null,
    next_check_at: null,
    seq,
  });
  await announce(trx, payout, {
    seq,
    status: 'verified',
    reason: null,
    message: null,
    confirmations: verdict.confirmations,
    requiredConfirmations: verdict.requiredConfirmations,
  });
}

async function flagMismatch(
  ctx: ChainContext,
  trx: Knex.Transaction,
  payout: PayoutRow,
  reason: EventData<'chain.withdrawal.verified'>['reason'] & string,
  message: string,
): Promise<void> {
  const seq = payout.seq + 1;
  await updateCheck(trx, TABLE, payout.withdrawal_id, {
    status: 'mismatch',
    reason,
    message,
    checked_at: trx.fn.now(),
    last_error: null,
    next_check_at: null,
    seq,
  });
  ctx.chainMetrics.payoutMismatches.inc({ network: payout.network, reason });
  await announce(trx, payout, {
    seq,
    status: 'mismatch',
    reason,
    message,
    confirmations: null,
    requiredConfirmations: null,
  });
  await emitAudit(trx, SOURCE, {
    adminId: CHAIN_ACTOR_ID,
    action: 'withdrawal_transfer_mismatch',
    targetId: payout.withdrawal_id,
    targetType: 'withdrawal',
    details: {
      userId: payout.user_id,
      amount: payout.amount,
      walletAddress: payout.to_address,
      txid: payout.txid,
      reason,
      message,
    },
  });
}
