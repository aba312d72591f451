// The audit log as a hash chain (decision 0066): appends racing from many transactions (as several identity
// replicas would) and from the bus form one valid chain; the list passes the shared admin-list checks
// (test/support/admin-list-suite.ts: paging, its filters, bad queries, the role refusal); only admins read it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { makeEvent } from '@cropvest/service-kit/bus';
import { insertAuditLog, insertAuditLogs, verifyAuditChain } from '../src/db/audit.ts';
import { entryHash, GENESIS_HASH } from '../src/domain/audit-chain.ts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { operationCall, type OperationQuery } from '@cropvest/contracts/operation-call';
import { adminList } from '../../../test/support/admin-list-suite.ts';
import {
  eventually,
  loginAdmin,
  registerInvestor,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import { jetstream } from '@nats-io/jetstream';
import { closeConnections, nats, serviceDb } from '../../../test/support/connections.ts';

let admin: Session;
beforeAll(async () => {
  admin = await loginAdmin();
});
afterAll(closeConnections);

const auditEvent = (targetId: string, details: Record<string, unknown> = {}, at = new Date()) => ({
  ...makeEvent(
    'audit.recorded',
    {
      adminId: admin.user.id,
      action: 'user_edit',
      targetId,
      targetType: 'chain-test',
      details,
      ipAddress: '203.0.113.7',
    },
    { source: 'test', actorId: admin.user.id, subjectId: targetId, traceparent: null },
  ),
  occurredAt: at.toISOString(),
});

/** As a service's outbox relay sends it: the event id is the message id. */
const publishEvent = async (event: ReturnType<typeof auditEvent>) => {
  await jetstream(await nats()).publish('events.audit.recorded', JSON.stringify(event), { msgID: event.id });
};

const client = stackClient();
const list = (query: OperationQuery<typeof identityOperations.auditLogs>) =>
  client.ok(identityOperations.auditLogs, { token: admin.accessToken, query });

describe('audit chain', () => {
  it('when 30 transactions append at once, each entry takes the next position and links to the one before', async () => {
    const db = serviceDb('identity');
    const targetId = randomUUID();
    const events = Array.from({ length: 30 }, (_, i) =>
      auditEvent(targetId, {
        n: i,
        note: 'caf\u00e9 \u{1F33E}',
        amount: '10.50000000',
        nested: { b: 1, a: [true, null] },
      }),
    );
    const started = performance.now();
    // Separate transactions on separate connections: what consumers in several replicas do.
    await Promise.all(events.map((event) => db.transaction((trx) => insertAuditLog(trx, event))));
    const elapsedMs = performance.now() - started;
    // A redelivery of one of them adds nothing.
    await db.transaction((trx) => insertAuditLog(trx, events[0]!));

    const rows = await db('audit_logs')
      .where({ target_id: targetId })
      .orderBy('seq')
      .select('id', 'seq', 'prev_hash', 'hash');
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.seq)).size).toBe(30);
    // Other suites append meanwhile, so ours need not be adjacent; each one's link is the entry just before it.
    for (const row of rows) {
      const before = await db('audit_logs')
        .where('seq', row.seq - 1)
        .first('hash');
      expect(row.prev_hash).toBe(before?.hash ?? GENESIS_HASH);
    }
    const verification = await verifyAuditChain(db);
    expect(verification).toMatchObject({ ok: true, firstBroken: null });
    expect(verification.verified).toBeGreaterThanOrEqual(rows[rows.length - 1]!.seq);
    console.warn(`audit chain: 30 concurrent appends in ${elapsedMs.toFixed(0)} ms`);
  });

  it('a batch appends in order and skips an event already logged and a repeat within the batch', async () => {
    const db = serviceDb('identity');
    const targetId = randomUUID();
    const [a, b, c] = [0, 1, 2].map((n) => auditEvent(targetId, { n })) as [
      ReturnType<typeof auditEvent>,
      ReturnType<typeof auditEvent>,
      ReturnType<typeof auditEvent>,
    ];
    await db.transaction((trx) => insertAuditLog(trx, a));
    await db.transaction((trx) => insertAuditLogs(trx, [a, b, b, c]));
    const rows = await db('audit_logs')
      .where({ target_id: targetId })
      .orderBy('seq')
      .select('id', 'seq', 'prev_hash', 'hash');
    expect(rows.map((row) => row.id)).toEqual([a.id, b.id, c.id]);
    // One transaction under the lock: the batch's entries are adjacent.
    expect(rows[2].seq).toBe(rows[1].seq + 1);
    expect(rows[2].prev_hash).toBe(rows[1].hash);
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });

  it('entries from the bus join the same chain, and the verification endpoint says it verifies', async () => {
    const targetId = randomUUID();
    const events = Array.from({ length: 10 }, (_, i) => auditEvent(targetId, { n: i }));
    await Promise.all(events.map((event) => publishEvent(event)));
    await eventually(async () => (await list({ targetId })).total === 10, 15_000, 'ten bus audit rows');
    const verification = await client.ok(identityOperations.auditLogVerification, {
      token: admin.accessToken,
    });
    expect(verification).toMatchObject({ ok: true, firstBroken: null });
    expect(verification.verified).toBeGreaterThanOrEqual(10);
    expect(verification.headHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('an entry lists its position, hashes, admin, details and IP; its hash is its canonical fields', async () => {
    const targetId = randomUUID();
    const event = auditEvent(targetId, { reason: 'checked', z: 1, a: 2 });
    await publishEvent(event);
    const entry = await eventually(async () => (await list({ targetId })).items[0], 10_000, 'the audit row');
    expect(entry).toMatchObject({
      id: event.id,
      adminId: admin.user.id,
      adminName: admin.user.name,
      adminEmail: admin.user.email,
      action: 'user_edit',
      targetId,
      targetType: 'chain-test',
      details: { reason: 'checked', z: 1, a: 2 },
      ipAddress: '203.0.113.7',
      createdAt: event.occurredAt,
    });
    expect(entry.hash).toBe(
      entryHash({
        seq: entry.position,
        id: event.id,
        adminId: admin.user.id,
        action: 'user_edit',
        targetId,
        targetType: 'chain-test',
        details: { a: 2, reason: 'checked', z: 1 },
        ipAddress: '203.0.113.7',
        source: 'test',
        createdAt: `${event.occurredAt.slice(0, 23)}000Z`,
        prevHash: entry.prevHash,
      }),
    );
  });

  it('the database refuses to change or remove an entry', async () => {
    const db = serviceDb('identity');
    const row = await db('audit_logs').orderBy('seq', 'desc').first('id');
    await expect(
      db('audit_logs').where({ id: row.id }).update({ ip_address: '198.51.100.1' }),
    ).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(db('audit_logs').where({ id: row.id }).del()).rejects.toThrow(/append-only: DELETE refused/);
    await expect(db.raw('TRUNCATE audit_logs')).rejects.toThrow(/append-only: TRUNCATE refused/);
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });
});

adminList(identityOperations.auditLogs).describe({
  seed: async () => {
    const targetId = randomUUID();
    // A second apart, so a date range can pick two of them.
    const events = Array.from({ length: 5 }, (_, i) =>
      auditEvent(targetId, { n: i }, new Date(Date.now() - (5 - i) * 1000)),
    );
    for (const event of events) await publishEvent(event);
    await eventually(async () => (await list({ targetId })).total === 5, 10_000, 'five rows');
    const newestFirst = events.map((event) => event.id).reverse();
    return {
      ids: newestFirst,
      scope: { targetId },
      filters: [
        {
          query: { targetType: 'chain-test', adminId: admin.user.id, action: 'user_edit' },
          ids: newestFirst,
        },
        { query: { action: 'deposit_approve' }, ids: [] },
        { query: { adminId: randomUUID() }, ids: [] },
        {
          query: { from: events[2]!.occurredAt, to: events[3]!.occurredAt },
          ids: [events[3]!.id, events[2]!.id],
        },
      ],
    };
  },
});

describe('audit list', () => {
  it('names the admins the filter can choose', async () => {
    const admins = await client.ok(identityOperations.auditLogAdmins, { token: admin.accessToken });
    expect(admins).toContainEqual({ id: admin.user.id, name: admin.user.name, email: admin.user.email });
  });

  it('refuses an action it does not know and a date that is not an ISO date-time', async () => {
    const { method, path } = operationCall(identityOperations.auditLogs);
    for (const [query, message] of [
      ['action=steal', /action/],
      ['from=yesterday', /from must be an ISO date-time/],
    ] as const) {
      const answer = await client.raw(method, `${path}?${query}`, { token: admin.accessToken });
      expect({ query, status: answer.status }).toEqual({ query, status: 400 });
      expect(JSON.stringify(answer.body)).toMatch(message);
    }
  });

  it('its verification and its admins are refused to investors and strangers', async () => {
    const investor = await registerInvestor();
    for (const operation of [identityOperations.auditLogVerification, identityOperations.auditLogAdmins]) {
      const asInvestor = await client.call(operation, { token: investor.accessToken });
      expect({ id: operation.id, status: asInvestor.status }).toEqual({ id: operation.id, status: 403 });
      const anonymous = await client.call(operation);
      expect({ id: operation.id, status: anonymous.status }).toEqual({ id: operation.id, status: 401 });
    }
  });
});
