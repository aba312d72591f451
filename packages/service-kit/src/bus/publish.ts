import type { Knex } from 'knex';
import type { EventData, EventType } from '@cropvest/contracts';
import { makeEvent, type EventMeta } from './envelope.ts';
import { enqueueEvent, enqueueEvents } from './outbox.ts';

/** Builds an event and writes it to the outbox in the caller's transaction; returns the event id. */
export async function emit<T extends EventType>(
  trx: Knex.Transaction,
  type: T,
  data: EventData<T>,
  meta: EventMeta,
): Promise<string> {
  const event = makeEvent(type, data, meta);
  await enqueueEvent(trx, event);
  return event.id;
}

/** `emit` for many events of one type in one outbox write; returns their ids in order. */
export async function emitMany<T extends EventType>(
  trx: Knex.Transaction,
  type: T,
  items: { data: EventData<T>; meta: EventMeta }[],
): Promise<string[]> {
  const events = items.map(({ data, meta }) => makeEvent(type, data, meta));
  await enqueueEvents(trx, events);
  return events.map((event) => event.id);
}

export interface AuditEntry {
  adminId: string;
  action: EventData<'audit.recorded'>['action'];
  targetId?: string | null;
  targetType?: string | null;
  details?: Record<string, unknown>;
  ipAddress?: string | null;
}

/** Every admin action records `audit.recorded` through the outbox, in the transaction that made the change. */
export function emitAudit(
  trx: Knex.Transaction,
  source: string,
  entry: AuditEntry,
  traceparent?: string | null,
): Promise<string> {
  return emit(
    trx,
    'audit.recorded',
    {
      adminId: entry.adminId,
      action: entry.action,
      targetId: entry.targetId ?? null,
      targetType: entry.targetType ?? null,
      details: entry.details ?? {},
      ipAddress: entry.ipAddress ?? null,
    },
    { source, actorId: entry.adminId, subjectId: entry.targetId ?? null, traceparent: traceparent ?? null },
  );
}
