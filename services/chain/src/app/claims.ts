// Deposit claims (docs/decisions/0080): recorded when the wallet announces one, looked up on chain when due,
// judged by domain/claims.ts, and each verdict announced to the wallet, which credits or rejects from it.
import { NETWORK_LABELS, txidKey, type EventData } from '@cropvest/contracts';
import { type Knex } from '@cropvest/service-kit/db';
import type { TransactionLookup } from '../adapters/types.ts';
import { judgeClaim, type ClaimVerdict } from '../domain/claims.ts';
import { lockCheck, updateCheck } from '../db/checks.ts';
import { closeClaim, insertClaim, type ClaimRow } from '../db/claims.ts';
import { platformAddressKeys } from '../db/networks.ts';
import { claimedLogIndexes } from '../db/transfers.ts';
import { claimLogs, lookUp, recordProgress } from './checks.ts';
import { inTransaction, type ChainContext } from './context.ts';

const TABLE = 'deposit_claims';

/** Records the claim, due at once; the caller kicks the network's checker once this commits. */
export async function recordClaim(
  trx: Knex.Transaction,
  claim: EventData<'deposit.requested'>,
): Promise<void> {
  await insertClaim(trx, {
    deposit_id: claim.depositId,
    user_id: claim.userId,
    network: claim.network,
    txid: claim.txid,
    txid_key: txidKey(claim.txid),
    claimed_amount: claim.amount,
  });
}

/** An admin approved or rejected the deposit in the wallet: the chain stops looking at it. */
export const closeDecidedClaim = (
  trx: Knex.Transaction,
  depositId: string,
  decision: 'approved' | 'rejected',
): Promise<void> => closeClaim(trx, depositId, decision);

const eventMeta = (claim: ClaimRow) => ({ actorId: null, subjectId: claim.user_id, traceparent: null });

/** Looks a leased claim up on its network and applies the verdict; an endpoint fault leaves it for later. */
export async function checkClaim(ctx: ChainContext, claim: ClaimRow): Promise<void> {
  const watched = ctx.networks.get(claim.network);
  if (!watched) return unwatched(ctx, claim);
  const lookup = await lookUp(ctx, TABLE, claim.deposit_id, claim);
  if (!lookup) return;
  const verdict = judgeClaim(lookup, {
    network: claim.network,
    usdtContract: watched.settings.usdtContract,
    decimals: watched.settings.decimals,
    platformAddresses: await platformAddressKeys(ctx.db, claim.network),
    claimedLogIndexes: await claimedLogIndexes(ctx.db, claim.network, claim.txid_key, claim.deposit_id),
    claimAgeMs: Date.now() - claim.created_at.getTime(),
    notFoundWindowMs: ctx.config.CLAIM_NOT_FOUND_WINDOW_MINUTES * 60_000,
  });
  await inTransaction(ctx, async (trx) => {
    const current = await lockCheck<ClaimRow>(trx, TABLE, claim.deposit_id);
    // Decided meanwhile (by an admin in the wallet, or another checker): nothing to add.
    if (!current || current.closed_at || current.status === 'verified' || current.status === 'refused')
      return;
    await applyVerdict(ctx, trx, current, lookup, verdict);
  });
}

async function applyVerdict(
  ctx: ChainContext,
  trx: Knex.Transaction,
  claim: ClaimRow,
  lookup: TransactionLookup,
  verdict: ClaimVerdict,
): Promise<void> {
  if (verdict.kind === 'pending') {
    const seq = await recordProgress(ctx, trx, TABLE, claim.deposit_id, claim, verdict);
    if (seq)
      await ctx.events.emit(
        trx,
        'chain.deposit.checked',
        {
          depositId: claim.deposit_id,
          userId: claim.user_id,
          seq,
          status: verdict.status,
          confirmations: verdict.confirmations,
          requiredConfirmations: verdict.requiredConfirmations,
          message: verdict.message,
        },
        eventMeta(claim),
      );
    return;
  }
  if (verdict.kind === 'refused') return refuse(ctx, trx, claim, verdict.reason, verdict.message);
  if (lookup.kind !== 'found') return;
  const ours = await claimLogs(ctx, trx, claim, lookup, verdict.logs, {
    kind: 'deposit',
    id: claim.deposit_id,
  });
  // Another claimant took a log between the read and this write: refuse, as if it had been seen first.
  if (!ours)
    return refuse(
      ctx,
      trx,
      claim,
      'already_claimed',
      'This transaction was already credited to another deposit.',
    );
  const seq = claim.seq + 1;
  await updateCheck(trx, TABLE, claim.deposit_id, {
    status: 'verified',
    message: null,
    amount: verdict.amount,
    raw_amount: verdict.rawAmount.toString(),
    confirmations: verdict.confirmations,
    required_confirmations: verdict.requiredConfirmations,
    checked_at: trx.fn.now(),
    last_error: null,
    next_check_at: null,
    seq,
  });
  ctx.chainMetrics.claimVerdicts.inc({ network: claim.network, verdict: 'verified' });
  await ctx.events.emit(
    trx,
    'chain.deposit.verified',
    {
      depositId: claim.deposit_id,
      userId: claim.user_id,
      seq,
      network: claim.network,
      txid: lookup.txHash,
      amount: verdict.amount,
      confirmations: verdict.confirmations,
      requiredConfirmations: verdict.requiredConfirmations,
    },
    eventMeta(claim),
  );
}

async function refuse(
  ctx: ChainContext,
  trx: Knex.Transaction,
  claim: ClaimRow,
  reason: EventData<'chain.deposit.refused'>['reason'],
  message: string,
): Promise<void> {
  const seq = claim.seq + 1;
  await updateCheck(trx, TABLE, claim.deposit_id, {
    status: 'refused',
    reason,
    message,
    checked_at: trx.fn.now(),
    last_error: null,
    next_check_at: null,
    seq,
  });
  ctx.chainMetrics.claimVerdicts.inc({ network: claim.network, verdict: reason });
  await ctx.events.emit(
    trx,
    'chain.deposit.refused',
    { depositId: claim.deposit_id, userId: claim.user_id, seq, reason, message },
    eventMeta(claim),
  );
}

/** A claim on a network the platform does not watch (no endpoint configured) can only be decided by an admin. */
async function unwatched(ctx: ChainContext, claim: ClaimRow): Promise<void> {
  await inTransaction(ctx, async (trx) => {
    const current = await lockCheck<ClaimRow>(trx, TABLE, claim.deposit_id);
    if (!current || current.closed_at || current.status === 'not_found') return;
    const seq = current.seq + 1;
    const message = `The platform does not watch ${NETWORK_LABELS[claim.network]} yet, so this transaction cannot be verified on chain. An admin will review the deposit.`;
    await updateCheck(trx, TABLE, claim.deposit_id, {
      status: 'not_found',
      message,
      next_check_at: null,
      seq,
    });
    await ctx.events.emit(
      trx,
      'chain.deposit.checked',
      {
        depositId: claim.deposit_id,
        userId: claim.user_id,
        seq,
        status: 'not_found',
        confirmations: null,
        requiredConfirmations: null,
        message,
      },
      eventMeta(claim),
    );
  });
}
