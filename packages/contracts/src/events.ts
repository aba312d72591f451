// Events on the bus (ARCHITECTURE.md section 6). Subject = `events.<type>`; `data` is validated against
// the schema registered here by both the publisher and every consumer. Each domain defines its own events in
// its folder's events.ts; this file only gathers them into one registry.
import { z } from './zod.ts';
import { Timestamp, Uuid } from './common.ts';
import { identityEventSchemas } from './identity/events.ts';
import { kycEventSchemas } from './kyc/events.ts';
import { supportEventSchemas } from './support/events.ts';
import { walletEventSchemas } from './wallet/events.ts';
import { plansEventSchemas } from './plans/events.ts';
import { fundingEventSchemas } from './plans/funding.ts';
import { chainEventSchemas } from './chain/events.ts';

export const EventEnvelope = z.object({
  id: Uuid,
  type: z.string(),
  occurredAt: Timestamp,
  source: z.string(),
  actorId: Uuid.nullable(),
  subjectId: z.string().nullable(),
  data: z.unknown(),
  traceparent: z.string().nullable(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof EventEnvelope>, 'data'> & { data: T };

export const eventSchemas = {
  ...identityEventSchemas,
  ...kycEventSchemas,
  ...supportEventSchemas,
  ...walletEventSchemas,
  ...plansEventSchemas,
  ...fundingEventSchemas,
  ...chainEventSchemas,
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;

export const eventSubject = (type: EventType): string => `events.${type}`;
