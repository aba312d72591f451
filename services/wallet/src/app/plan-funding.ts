// The ledger side of funded payouts (docs/decisions/0091-funded-payouts.md): the plans service records what an
// admin did (a disbursement, proceeds, the reserve fund's money) and publishes it; the wallet moves the money,
// once per record (one idempotency key per movement, and the inbox).
import type { EventData, EventEnvelope } from '@cropvest/contracts';
import type { ServiceEvents } from '@cropvest/service-kit/bus';
import type { Knex } from '@cropvest/service-kit/db';
import { transferKeys } from '../domain/reviews.ts';
import { movePlatformMoney, moveMoneyInBulk } from './movements.ts';

/** Each investment's share of a disbursement: the investor's invested -> the plan's `plan_operator`. */
export const payDisbursements = (
  emitter: ServiceEvents,
  trx: Knex.Transaction,
  events: EventEnvelope<EventData<'investment.disbursed'>>[],
): Promise<void> =>
  moveMoneyInBulk(
    emitter,
    trx,
    events.map(({ data, traceparent }) => ({
      userId: data.userId,
      traceparent,
      movements: [
        {
          key: transferKeys.disbursement(data.disbursementId, data.investmentId),
          kind: 'disbursement',
          from: 'invested',
          to: { planId: data.planId, kind: 'plan_operator' },
          amount: data.amount,
          referenceId: data.investmentId,
          memo: data.disbursementId,
        },
      ],
    })),
  );

/** Harvest proceeds received: deposits_inflow -> the plan's proceeds. */
export const recordProceeds = (
  trx: Knex.Transaction,
  { data }: EventEnvelope<EventData<'plan.proceeds_recorded'>>,
): Promise<void> =>
  movePlatformMoney(trx, {
    key: transferKeys.proceeds(data.proceedsId),
    kind: 'proceeds',
    from: 'deposits_inflow',
    to: { planId: data.planId, kind: 'plan_proceeds' },
    amount: data.amount,
    referenceId: data.proceedsId,
    recordedBy: data.recordedBy,
  });

/** Platform money into the reserve fund: deposits_inflow -> reserve_fund (never an investor's balance). */
export const recordReserveContribution = (
  trx: Knex.Transaction,
  { data }: EventEnvelope<EventData<'reserve.contributed'>>,
): Promise<void> =>
  movePlatformMoney(trx, {
    key: transferKeys.reserveContribution(data.contributionId),
    kind: 'reserve_contribution',
    from: 'deposits_inflow',
    to: 'reserve_fund',
    amount: data.amount,
    referenceId: data.contributionId,
    recordedBy: data.recordedBy,
  });

/** An approved allocation: reserve_fund -> the plan's proceeds; refused by the database if the fund is short. */
export const allocateReserve = (
  trx: Knex.Transaction,
  { data }: EventEnvelope<EventData<'reserve.allocated'>>,
): Promise<void> =>
  movePlatformMoney(trx, {
    key: transferKeys.reserveAllocation(data.allocationId),
    kind: 'reserve_allocation',
    from: 'reserve_fund',
    to: { planId: data.planId, kind: 'plan_proceeds' },
    amount: data.amount,
    referenceId: data.allocationId,
    recordedBy: data.approvedBy,
  });
