// The platform's own money on chain (docs/decisions/0095): the transaction an admin names when recording a
// disbursement to a plan's operator, harvest proceeds or a reserve contribution is checked like a payout — real USDT,
// exactly the recorded amount, leaving (a disbursement) or reaching (proceeds, contributions) a platform address,
// final, used by nothing else — and each verdict is announced to the plans service, which shows it beside the record.
// A mismatch is audited and counted (alert CropVestFundingTransferMismatch).
import { CHAIN_ACTOR_ID, txidKey, type EventData } from '@cropvest/contracts';
import { type Knex } from '@cropvest/service-kit/db';
import { judgeFundingTransfer } from '../domain/payouts.ts';
import { lockCheck } from '../db/checks.ts';
import { recordFundingCheck, type FundingCheckRow } from '../db/funding-checks.ts';
import { applyTransferVerdict, lookUp, transferContext } from './checks.ts';
import { inTransaction, type ChainContext } from './context.ts';

const TABLE = 'funding_checks';

/** Records the transfer a plans record names, to check when due. */
export const recordFundingTransfer = (
  trx: Knex.Transaction,
  recorded: EventData<'plan.funding_transfer_recorded'>,
): Promise<void> =>
  recordFundingCheck(trx, {
    record_id: recorded.recordId,
    record_kind: recorded.recordKind,
    plan_id: recorded.planId,
    network: recorded.network,
    txid: recorded.txid,
    txid_key: txidKey(recorded.txid),
    amount: recorded.amount,
  });

export async function checkFundingTransfer(ctx: ChainContext, check: FundingCheckRow): Promise<void> {
  const watched = ctx.networks.get(check.network);
  // Not watched: nothing can verify it; it stays "checking" until the network is configured.
  if (!watched) return;
  const lookup = await lookUp(ctx, TABLE, check.record_id, check);
  if (!lookup) return;
  const verdict = judgeFundingTransfer(lookup, {
    ...(await transferContext(ctx, watched.settings, check, check.record_id)),
    kind: check.record_kind,
  });
  await inTransaction(ctx, async (trx) => {
    const current = await lockCheck<FundingCheckRow>(trx, TABLE, check.record_id);
    if (!current || ['verified', 'mismatch'].includes(current.status)) return;
    await applyTransferVerdict(
      ctx,
      trx,
      {
        table: TABLE,
        id: current.record_id,
        row: current,
        claimant: { kind: 'funding', id: current.record_id },
        announce: (trx, data) =>
          ctx.events.emit(
            trx,
            'chain.funding_transfer.verified',
            { recordKind: current.record_kind, recordId: current.record_id, txid: current.txid, ...data },
            { actorId: null, subjectId: current.plan_id ?? current.record_id, traceparent: null },
          ),
        onMismatch: (trx, reason, message) => {
          ctx.chainMetrics.fundingMismatches.inc({
            network: current.network,
            kind: current.record_kind,
            reason,
          });
          return ctx.events.audit(trx, {
            adminId: CHAIN_ACTOR_ID,
            action: 'funding_transfer_mismatch',
            targetId: current.plan_id ?? current.record_id,
            targetType: current.plan_id ? 'plan' : 'reserve_contribution',
            details: {
              recordKind: current.record_kind,
              recordId: current.record_id,
              amount: current.amount,
              network: current.network,
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
