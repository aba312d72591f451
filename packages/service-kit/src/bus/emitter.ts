// The one way a service writes events (decision 0117): `startService` builds this emitter with the service's name
// and the outbox relay, so a use case names only what happened and about whom; the `source` of every envelope and
// the relay's wake-up after commit are the kit's business.
import type { Knex } from 'knex';
import type { EventData, EventEnvelope, EventType } from '@cropvest/contracts';
import { makeEvent, type EventMeta } from './envelope.ts';
import { enqueueEvents } from './outbox.ts';

/** Who did it, what it is about and the trace it belongs to; the source is the emitter's own. */
export type EventAbout = Omit<EventMeta, 'source'>;

export interface AuditEntry {
  adminId: string;
  action: EventData<'audit.recorded'>['action'];
  targetId?: string | null;
  targetType?: string | null;
  details?: Record<string, unknown>;
  ipAddress?: string | null;
}

export interface ServiceEvents {
  /** The service's name, written as every envelope's `source`. */
  readonly source: string;
  /** A validated envelope for SQL that writes it itself (`announcedBy`, `announcedEach`) inside `writing`. */
  envelope<T extends EventType>(type: T, data: EventData<T>, about?: EventAbout): EventEnvelope<EventData<T>>;
  /** Builds an event and writes it to the outbox in the caller's transaction; answers the event id. */
  emit<T extends EventType>(
    trx: Knex.Transaction,
    type: T,
    data: EventData<T>,
    about?: EventAbout,
  ): Promise<string>;
  /** `emit` for many events of one type in one outbox write; answers their ids in order. */
  emitMany<T extends EventType>(
    trx: Knex.Transaction,
    type: T,
    items: { data: EventData<T>; meta?: EventAbout }[],
  ): Promise<string[]>;
  /** Records an admin action as `audit.recorded`, in the transaction that made the change. */
  audit(trx: Knex.Transaction, entry: AuditEntry, traceparent?: string | null): Promise<string>;
  /**
   * Runs work that commits outbox rows (a transaction, or one statement announcing its own change), then wakes
   * the relay so they leave at once; `inTransaction` runs every use case through it.
   */
  writing<R>(work: () => Promise<R>): Promise<R>;
}

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
