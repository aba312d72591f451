// What a service's event emitter offers (decision 0117), apart from the emitter itself (emitter.ts), so the
// migration list can name it without the module that writes the outbox.
import type { Knex } from 'knex';
import type { EventData, EventEnvelope, EventType } from '@cropvest/contracts';
import type { EventMeta } from './envelope.ts';

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
