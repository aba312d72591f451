// Two identity processes consume audit events from one durable consumer (STACK_REPLICAS=2): a burst split
// between them still forms one chain, every event once.
import { afterAll, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { makeEvent } from '@cropvest/service-kit/bus';
import { verifyAuditChain } from '../src/db/audit.ts';
import { eventually } from '../../../test/support/api.ts';
import { closeConnections, nats, serviceDb } from '../../../test/support/connections.ts';

afterAll(closeConnections);

it('a burst of 300 audit events through two identity replicas forms one valid chain', async () => {
  const adminId = randomUUID();
  const targetId = randomUUID();
  const events = Array.from({ length: 300 }, (_, n) =>
    makeEvent(
      'audit.recorded',
      {
        adminId,
        action: 'user_edit',
        targetId,
        targetType: 'user',
        details: { n },
        ipAddress: '203.0.113.5',
      },
      { source: 'test', actorId: adminId, subjectId: targetId, traceparent: null },
    ),
  );
  const js = jetstream(await nats());
  // One copy twice: a redelivery must not take a second position.
  for (const event of [...events, events[0]!])
    await js.publish('events.audit.recorded', JSON.stringify(event), { msgID: randomUUID() });

  const db = serviceDb('identity');
  await eventually(
    async () =>
      Number((await db('audit_logs').where({ target_id: targetId }).count({ n: '*' }))[0]?.n) === 300,
    60_000,
    'all 300 entries',
  );
  const positions = (await db('audit_logs').where({ target_id: targetId }).pluck('seq')) as number[];
  expect(new Set(positions).size).toBe(300);
  expect(await verifyAuditChain(db)).toMatchObject({ ok: true, firstBroken: null });
});
