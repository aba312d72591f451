// Migration 007 on a log that already has entries: in a scratch schema, the migrations before it, 2,500 entries
// (more than one batch) written the old way, then 007 chains them in time order and the chain verifies.
import { afterAll, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createDatabase, migrate } from '@cropvest/service-kit/db';
import { migrations } from '../src/db/migrations/index.ts';
import { verifyAuditChain } from '../src/db/audit.ts';
import { stack } from '../../../test/support/api.ts';

const schema = `audit_migration_${randomUUID().slice(0, 8)}`;
const db = createDatabase({ url: stack().databaseUrl, schema, migrations: [], poolMax: 2 });
const before = migrations.findIndex((migration) => migration.name === '007_audit_chain');

afterAll(async () => {
  await db.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db.destroy();
});

it('chains the entries already logged in the order they happened, then refuses changes', async () => {
  await migrate(db, schema, migrations.slice(0, before));
  const start = Date.UTC(2026, 0, 1);
  // Inserted out of time order, two of them at the same instant (the id breaks the tie).
  const rows = Array.from({ length: 2500 }, (_, i) => ({
    id: randomUUID(),
    admin_id: randomUUID(),
    action: 'settings_update',
    target_id: `t-${i}`,
    target_type: 'settings',
    details: JSON.stringify({ n: i, after: { rate: '0.05' } }),
    ip_address: i % 2 ? '203.0.113.9' : null,
    source: 'identity',
    created_at: new Date(start + (2499 - i) * 1000 - (i === 1 ? 1000 : 0)).toISOString(),
  }));
  for (let i = 0; i < rows.length; i += 500) await db('audit_logs').insert(rows.slice(i, i + 500));

  await migrate(db, schema, migrations);

  expect(await verifyAuditChain(db)).toMatchObject({ ok: true, verified: 2500, firstBroken: null });
  const chained = await db('audit_logs').orderBy('seq').select('seq', 'id', 'created_at');
  expect(chained.map((row) => row.seq)).toEqual(rows.map((_, i) => i + 1));
  const byTime = [...chained].sort(
    (a, b) => a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : 1),
  );
  expect(chained.map((row) => row.id)).toEqual(byTime.map((row) => row.id));
  await expect(db('audit_logs').where('seq', 1).update({ source: 'x' })).rejects.toThrow(/append-only/);
});
