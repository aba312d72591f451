// `investment.cancelled` (decision 0094): an investment cancelled within its four days to reconsider gets its
// whole principal back, invested -> available, once per investment (the idempotency key is the investment's).
// The principal is still in `invested`: disbursement takes only principal whose window has ended (0091).
import type { EventData, EventEnvelope } from '@cropvest/contracts';
import type { ServiceEvents } from '@cropvest/service-kit/bus';
import type { Knex } from '@cropvest/service-kit/db';
import { transferKeys } from '../domain/reviews.ts';
import { moveMoney } from './movements.ts';

export async function returnCancelledPrincipal(
  emitter: ServiceEvents,
  trx: Knex.Transaction,
  event: EventEnvelope<EventData<'investment.cancelled'>>,
): Promise<void> {
  const { investmentId, userId, principal, planTitle } = event.data;
  await moveMoney(
    emitter,
    trx,
    userId,
    [
      {
        key: transferKeys.investmentCancel(investmentId),
        kind: 'investment_cancel',
        from: 'invested',
        to: 'available',
        amount: principal,
        referenceId: investmentId,
        memo: planTitle,
      },
    ],
    { actorId: event.actorId ?? null, traceparent: event.traceparent ?? null },
  );
}
