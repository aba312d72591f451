// Tampering with the audit log and the Audit logging switch. Exclusive: the first breaks the platform's one chain
// for a moment (and mends it), the second turns a platform-wide setting off and on.
import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Knex } from '@cropvest/service-kit/db';
import { verifyAuditChain } from '../src/db/audit.ts';
import { chainTime, entryHash } from '../src/domain/audit-chain.ts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import type { OperationQuery } from '@cropvest/contracts/operation-call';
import { z } from '@cropvest/contracts/zod';
import {
  eventually,
  loginAdmin,
  registerInvestor,
  stack,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { fund } from '../../../test/support/wallet.ts';

afterAll(closeConnections);

/**
 * Changes the table as its owner would, past the append-only trigger: switched off, the change made, switched on
 * again, in one transaction, so nothing else ever sees the table unguarded.
 */
const asOwner = (db: Knex, change: (trx: Knex.Transaction) => Promise<unknown>) =>
  db.transaction(async (trx) => {
    await trx.raw('ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_append_only');
    await change(trx);
    await trx.raw('ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_append_only');
  });

/** `npm run audit:verify` against the test stack's database. */
async function runVerifyCommand(): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'services/identity/src/audit-verify.ts'],
      { env: { ...process.env, DATABASE_URL: stack().databaseUrl }, cwd: process.cwd() },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const client = stackClient();

async function verificationEndpoint(admin: Session) {
  const answer = await client.call(identityOperations.auditLogVerification, { token: admin.accessToken });
  expect(answer.status).toBe(200);
  if (!answer.ok) throw new Error(`the verification was refused: ${answer.body.message}`);
  return answer.body;
}

describe('a tampered audit log', () => {
  it('an entry edited in the database fails the check at that entry, in the command and the endpoint', async () => {
    const db = serviceDb('identity');
    const admin = await loginAdmin();
    // Entries to break one in the middle of: the admin's sign-in and two settings saves are audited.
    for (const platformName of ['CropVest audit test', 'CropVest']) {
      const saved = await client.call(identityOperations.updateAdminSettings, {
        token: admin.accessToken,
        body: { section: 'general', settings: { platformName } },
      });
      expect(saved.status).toBe(200);
    }
    const head = await eventually(
      async () => {
        const last = await db('audit_logs').orderBy('seq', 'desc').first('seq');
        return last?.seq >= 3 ? last : undefined;
      },
      10_000,
      'three audit rows',
    );
    const target = await db('audit_logs')
      .where('seq', Math.max(1, head.seq - 1))
      .first('id', 'seq', 'ip_address');
    expect((await verifyAuditChain(db)).ok).toBe(true);
    const clean = await runVerifyCommand();
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain('audit chain verified');

    await asOwner(db, (trx) =>
      trx('audit_logs').where({ id: target.id }).update({ ip_address: '198.51.100.66' }),
    );
    try {
      const broken = await verifyAuditChain(db);
      expect(broken).toMatchObject({
        ok: false,
        verified: target.seq - 1,
        firstBroken: { id: target.id, position: target.seq, problem: 'content' },
      });
      const command = await runVerifyCommand();
      expect(command.code).toBe(1);
      expect(command.stdout).toContain(`${target.seq - 1} entries verified`);
      expect(command.stderr).toContain(`BROKEN at position ${target.seq}, entry ${target.id}`);
      expect(command.stderr).toContain('its fields no longer give its stored hash');
      expect(await verificationEndpoint(admin)).toMatchObject({
        ok: false,
        verified: target.seq - 1,
        firstBroken: { id: target.id, position: target.seq, problem: 'content' },
      });
    } finally {
      await asOwner(db, (trx) =>
        trx('audit_logs').where({ id: target.id }).update({ ip_address: target.ip_address }),
      );
    }
    expect(await verificationEndpoint(admin)).toMatchObject({ ok: true, firstBroken: null });
  });

  it('a removed entry breaks the chain at the entry after it; an entry rewritten with a fitting hash breaks the next link', async () => {
    const db = serviceDb('identity');
    const admin = await loginAdmin();
    await eventually(
      async () => Number((await db('audit_logs').count({ n: '*' }))[0]?.n) >= 3,
      10_000,
      'three rows',
    );
    const [removed, next] = await db('audit_logs').orderBy('seq').offset(1).limit(2).select('*');
    await asOwner(db, (trx) => trx('audit_logs').where({ id: removed.id }).del());
    try {
      expect((await verificationEndpoint(admin)).firstBroken).toMatchObject({
        id: next.id,
        position: next.seq,
        problem: 'sequence',
      });
    } finally {
      await asOwner(db, (trx) => trx('audit_logs').insert(removed));
    }
    // Rewriting an entry together with a hash that fits its new content breaks the link from the entry after it.
    const forgedIp = '198.51.100.99';
    const forgedHash = entryHash({
      seq: removed.seq,
      id: removed.id,
      adminId: removed.admin_id,
      action: removed.action,
      targetId: removed.target_id,
      targetType: removed.target_type,
      details: removed.details,
      ipAddress: forgedIp,
      source: removed.source,
      createdAt: chainTime(removed.created_at),
      prevHash: removed.prev_hash,
    });
    await asOwner(db, (trx) =>
      trx('audit_logs').where({ id: removed.id }).update({ ip_address: forgedIp, hash: forgedHash }),
    );
    try {
      expect((await verificationEndpoint(admin)).firstBroken).toMatchObject({
        id: next.id,
        position: next.seq,
        problem: 'link',
        expected: forgedHash,
        found: removed.hash,
      });
    } finally {
      await asOwner(db, (trx) =>
        trx('audit_logs')
          .where({ id: removed.id })
          .update({ ip_address: removed.ip_address, hash: removed.hash }),
      );
    }
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });
});

describe('the Audit logging switch', () => {
  const saveSecurity = async (admin: Session, enableAuditLogs: boolean) => {
    const saved = await client.call(identityOperations.updateAdminSettings, {
      token: admin.accessToken,
      body: { section: 'security', settings: { enableAuditLogs } },
    });
    expect(saved.status).toBe(200);
  };
  const rows = (admin: Session, query: OperationQuery<typeof identityOperations.auditLogs>) =>
    client.ok(identityOperations.auditLogs, { token: admin.accessToken, query });

  /** An audited save's details that turned the switch off. */
  const savedSwitchedOff = z.object({ after: z.object({ enableAuditLogs: z.literal(false) }) });

  afterEach(async () => saveSecurity(await loginAdmin(), true));

  it('off: sign-ins are not audited, but money, access and settings actions still are; on again: sign-ins are', async () => {
    const admin = await loginAdmin();
    await saveSecurity(admin, false);
    const switchedOff = await eventually(
      async () =>
        (await rows(admin, { action: 'settings_update', targetId: 'security' })).items.find(
          (item) => savedSwitchedOff.safeParse(item.details).success,
        ),
      10_000,
      'the audited save that turns the switch off',
    );

    const since = new Date().toISOString();
    const signedInWhileOff = await loginAdmin();
    // Money: a deposit approved; access: a user banned; settings: another save. All audited.
    const investor = await registerInvestor();
    const depositId = await fund(investor, '25');
    const banned = await client.call(identityOperations.banUser, {
      token: admin.accessToken,
      path: { id: investor.user.id },
      body: { isBanned: true },
    });
    expect(banned.status).toBe(200);
    await saveSecurity(admin, false);
    for (const [action, targetId] of [
      ['deposit_approve', depositId],
      ['user_ban', investor.user.id],
      ['settings_update', 'security'],
    ] as const)
      await eventually(
        async () => (await rows(admin, { action, targetId, from: since })).total >= 1,
        10_000,
        `the ${action} audit row while the switch is off`,
      );
    // The sign-in came before the ban and the save, through the same outbox and consumer: had it been audited,
    // its row would be in by now.
    expect(
      (await rows(admin, { action: 'login', adminId: signedInWhileOff.user.id, from: since })).total,
    ).toBe(0);
    expect(switchedOff.ipAddress).not.toBeNull();

    await saveSecurity(admin, true);
    const onAgain = new Date().toISOString();
    await loginAdmin();
    await eventually(
      async () => (await rows(admin, { action: 'login', from: onAgain })).total >= 1,
      10_000,
      'the sign-in audited once the switch is on again',
    );
  });
});
