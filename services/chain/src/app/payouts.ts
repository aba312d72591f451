// Payouts (docs/decisions/0080): an admin sends a withdrawal from the operator's own wallet and gives its
// transaction id; the chain checks it paid the investor's exact address the exact amount of real USDT from a platform
// address, and announces the verdict. A mismatch is audited and counted (alert WithdrawalTransferMismatch).
import { CHAIN_ACTOR_ID, txidKey } from '@cropvest/contracts';
import { type Knex } from '@cropvest/service-kit/db';
import { judgePayout } from '../domain/payouts.ts';
import { lockCheck } from '../db/checks.ts';
import { recordPayoutCheck, type PayoutRow } from '../db/payouts.ts';
import { applyTransferVerdict, lookUp, transferContext } from './checks.ts';
import { inTransaction, type ChainContext } from './context.ts';

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

export async function checkPayout(ctx: ChainContext, payout: PayoutRow): Promise<void> {
  const watched = ctx.networks.get(payout.network);
  // Not watched: nothing can verify it; it stays "checking" until the network is configured.
  if (!watched) return;
  const lookup = await lookUp(ctx, TABLE, payout.withdrawal_id, payout);
  if (!lookup) return;
  const verdict = judgePayout(lookup, {
    ...(await transferContext(ctx, watched.settings, payout, payout.withdrawal_id)),
    toAddress: payout.to_address,
  });
  await inTransaction(ctx, async (trx) => {
    const current = await lockCheck<PayoutRow>(trx, TABLE, payout.withdrawal_id);
    // Decided meanwhile, or replaced by another transaction id: this verdict is about nothing current.
    if (!current || current.txid_key !== payout.txid_key || ['verified', 'mismatch'].includes(current.status))
      return;
    await applyTransferVerdict(
      ctx,
      trx,
      {
        table: TABLE,
        id: current.withdrawal_id,
        row: current,
        claimant: { kind: 'withdrawal', id: current.withdrawal_id },
        announce: (trx, data) =>
          ctx.events.emit(
            trx,
            'chain.withdrawal.verified',
            { withdrawalId: current.withdrawal_id, userId: current.user_id, txid: current.txid, ...data },
            { actorId: null, subjectId: current.user_id, traceparent: null },
          ),
        onMismatch: (trx, reason, message) => {
          ctx.chainMetrics.payoutMismatches.inc({ network: current.network, reason });
          return ctx.events.audit(trx, {
            adminId: CHAIN_ACTOR_ID,
            action: 'withdrawal_transfer_mismatch',
            targetId: current.withdrawal_id,
            targetType: 'withdrawal',
            details: {
              userId: current.user_id,
              amount: current.amount,
              walletAddress: current.to_address,
              txid: current.txid,
              reason,
              message,
            },
          });
        },
      },
      lookup,
      verdict,
    );
  });
}
