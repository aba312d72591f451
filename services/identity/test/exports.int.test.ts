import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { EXPORT_RANGE_REVERSED } from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { registerInvestor, stack, stackClient, type Session } from '../../../test/support/api.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { columnsOf, exportAudits, exportCsv, freshAdmin } from '../../../test/support/exports.ts';

jest.setTimeout(120_000);
afterAll(closeConnections);

const DAY_MS = 86_400_000;
const day = (offsetDays = 0): string => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

describe('identity exports: users and the audit trail', () => {
  let admin: Session;
  let investors: Session[];

  beforeAll(async () => {
    [admin, ...investors] = await Promise.all([
      freshAdmin('identity exports'),
      registerInvestor({ name: 'Doe, Jane "JJ"' }),
      registerInvestor({ name: 'Ana Lima' }),
    ]);
  });

  it('streams every user created in the range with every column exact, and audits it', async () => {
    const answer = await exportCsv('users', { from: day(), to: day() }, admin.accessToken);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="cropvest-users-${day()}.csv"`,
    );
    expect(answer.headers.get('content-length')).toBeNull();
    expect(answer.header).toEqual(columnsOf('users'));
    expect(answer.rows).toHaveLength(Number(answer.headers.get('x-total-count')));
    const times = answer.rows.map((row) => row['Created (UTC)'] as string);
    expect([...times].sort()).toEqual(times);

    for (const session of [...investors, admin]) {
      const user = await stackClient().ok(identityOperations.adminUser, {
        token: admin.accessToken,
        path: { id: session.user.id },
      });
      expect(answer.rows.find((row) => row.ID === user.id)).toEqual({
        ID: user.id,
        Name: user.name,
        Email: user.email,
        Role: user.role,
        Banned: user.isBanned ? 'yes' : 'no',
        'KYC status': user.kycStatus,
        'Balance (USDT)': user.balance,
        'Last login (UTC)': user.lastLoginAt ?? '',
        'Created (UTC)': user.createdAt,
      });
    }
    expect(answer.rows.find((row) => row.ID === investors[0]?.user.id)?.Name).toBe('Doe, Jane "JJ"');

    const admins = await exportCsv('users', { role: 'admin', from: day() }, admin.accessToken);
    expect(admins.rows.every((row) => row.Role === 'admin')).toBe(true);
    expect(admins.rows.map((row) => row.ID)).toContain(admin.user.id);
    expect(admins.rows.map((row) => row.ID)).not.toContain(investors[1]?.user.id);

    const future = await exportCsv('users', { from: day(1) }, admin.accessToken);
    expect(future.rows).toEqual([]);
    expect(future.headers.get('x-total-count')).toBe('0');

    const details = (await exportAudits(admin, 3)).map((entry) => entry.details);
    expect(details).toEqual(
      expect.arrayContaining([
        { dataset: 'users', filters: { from: day(), to: day() }, rowCount: answer.rows.length },
        { dataset: 'users', filters: { role: 'admin', from: day() }, rowCount: admins.rows.length },
        { dataset: 'users', filters: { from: day(1) }, rowCount: 0 },
      ]),
    );
  });

  it('streams the audit entries in chain order with their hashes, as the audit list shows them', async () => {
    const exported = await exportAudits(admin, 3);
    const answer = await exportCsv(
      'audit-logs',
      { action: 'data_export', adminId: admin.user.id, from: day() },
      admin.accessToken,
    );
    expect(answer.status).toBe(200);
    expect(answer.header).toEqual(columnsOf('audit-logs'));
    // This export's own entry is recorded after its rows were counted: the file holds the three before it.
    const { items: listed } = await stackClient().ok(identityOperations.auditLogs, {
      token: admin.accessToken,
      query: { action: 'data_export', adminId: admin.user.id, pageSize: 100 },
    });
    const expected = listed
      .filter((entry) => exported.some((e) => e.id === entry.id))
      .sort((a, b) => a.position - b.position);
    expect(answer.rows).toEqual(
      expected.map((entry) => ({
        Position: String(entry.position),
        ID: entry.id,
        'Admin ID': admin.user.id,
        'Admin name': entry.adminName ?? '',
        'Admin email': entry.adminEmail ?? '',
        Action: 'data_export',
        'Target type': 'export',
        'Target ID': 'users',
        Details: JSON.stringify(entry.details),
        'IP address': entry.ipAddress ?? '',
        'Created (UTC)': entry.createdAt,
        Hash: entry.hash,
        'Previous hash': entry.prevHash,
      })),
    );
    expect(JSON.parse(answer.rows[0]?.Details as string)).toMatchObject({ dataset: 'users' });

    const details = (await exportAudits(admin, 4)).map((entry) => entry.details);
    expect(details).toContainEqual({
      dataset: 'audit-logs',
      filters: { action: 'data_export', adminId: admin.user.id, from: day() },
      rowCount: 3,
    });
  });

  it('refuses an investor at the gateway and at the service, and bad filters with a 400', async () => {
    const investor = investors[1] as Session;
    for (const dataset of ['users', 'audit-logs'] as const) {
      expect((await exportCsv(dataset, {}, investor.accessToken)).status).toBe(403);
      expect((await exportCsv(dataset, {}, investor.accessToken, stack().services.identity)).status).toBe(
        403,
      );
      expect((await exportCsv(dataset, {}, undefined)).status).toBe(401);
    }
    const reversed = await exportCsv('users', { from: day(), to: day(-1) }, admin.accessToken);
    expect(reversed.status).toBe(400);
    expect(reversed.text).toContain(EXPORT_RANGE_REVERSED);
    expect((await exportCsv('users', { role: 'owner' }, admin.accessToken)).status).toBe(400);
    expect((await exportCsv('audit-logs', { action: 'steal' }, admin.accessToken)).status).toBe(400);
    expect((await exportCsv('audit-logs', { adminId: 'me' }, admin.accessToken)).status).toBe(400);
    expect(await exportAudits(admin, 4)).toHaveLength(4);
  });
});
