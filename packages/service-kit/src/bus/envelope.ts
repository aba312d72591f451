import { v7 as uuidv7 } from 'uuid';
import { eventSchemas, type EventData, type EventEnvelope, type EventType } from '@cropvest/contracts';

export interface EventMeta {
  source: string;
  actorId?: string | null;
  subjectId?: string | null;
  traceparent?: string | null;
}

/** Builds a validated envelope; a publisher can never put a malformed event on the bus. */
export function makeEvent<T extends EventType>(
  type: T,
  data: EventData<T>,
  meta: EventMeta,
): EventEnvelope<EventData<T>> {
  const parsed = eventSchemas[type].parse(data) as EventData<T>;
  return {
    id: uuidv7(),
    type,
    occurredAt: new Date().toISOString(),
    source: meta.source,
    actorId: meta.actorId ?? null,
    subjectId: meta.subjectId ?? null,
    data: parsed,
    traceparent: meta.traceparent ?? null,
  };
}
