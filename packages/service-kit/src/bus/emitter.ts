// The one way a service writes events (decision 0117): `startService` builds this emitter with the service's name
// and the outbox relay, so a use case names only what happened and about whom; the `source` of every envelope and
// the relay's wake-up after commit are the kit's business.
import type { EventData, EventType } from '@cropvest/contracts';
import { makeEvent } from './envelope.ts';
import { enqueueEvents } from './outbox.ts';
import type { EventAbout, ServiceEvents } from './service-events.ts';

export type { AuditEntry, EventAbout, ServiceEvents } from './service-events.ts';

/** The emitter of the service named `source`; `wakeRelay` asks the outbox relay for a pass. */
export function serviceEvents(source: string, wakeRelay: () => void): ServiceEvents {
  const envelope = <T extends EventType>(type: T, data: EventData<T>, about: EventAbout = {}) =>
    makeEvent(type, data, { ...about, source });
  const emitMany: ServiceEvents['emitMany'] = async (trx, type, items) => {
    const events = items.map(({ data, meta }) => envelope(type, data, meta));
    await enqueueEvents(trx, events);
    return events.map((event) => event.id);
  };
  return {
    source,
    envelope,
    emitMany,
    emit: async (trx, type, data, about) => {
      const [id] = await emitMany(trx, type, [{ data, meta: about }]);
      return id as string;
    },
    audit: (trx, entry, traceparent) =>
      emitMany(trx, 'audit.recorded', [
        {
          data: {
            adminId: entry.adminId,
            action: entry.action,
            targetId: entry.targetId ?? null,
            targetType: entry.targetType ?? null,
            details: entry.details ?? {},
            ipAddress: entry.ipAddress ?? null,
          },
          meta: {
            actorId: entry.adminId,
            subjectId: entry.targetId ?? null,
            traceparent: traceparent ?? null,
          },
        },
      ]).then(([id]) => id as string),
    writing: async (work) => {
      const result = await work();
      wakeRelay();
      return result;
    },
  };
}
