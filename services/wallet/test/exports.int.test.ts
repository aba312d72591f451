import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { EXPORT_RANGE_REVERSED } from '@cropvest/contracts';
import type { OperationBody } from '@cropvest/contracts/operation-call';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { adminSession, stack, stackClient, type Session } from '../../../test/support/api.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { columnsOf, exportAudits, exportCsv, freshAdmin } from '../../../test/support/exports.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { TRON_ADDRESS } from './support.ts';

jest.setTimeout(120_000);
afterAll(closeConnections);

const client = stackClient();
const DAY_MS = 86_400_000;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const day = (offsetDays = 0): string => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

/** The export rows of one user (the export holds every test's rows; each suite checks its own). */
const ofUser = (rows: Record<string, string>[], userId: string) =>
  rows.filter((row) => row['User ID'] === userId);

describe('wallet exports: deposits, withdrawals, ledger entries', () => {
  let admin: Session;
  let investor: Session;
  const deposits: Record<string, string> = {};
  const withdrawals: Record<string, string> = {};
  let audits = 0;
  let reviewerName: string;

  beforeAll(async () => {
    [admin, investor] = await Promise.all([freshAdmin('wallet exports'), verifiedInvestor('1000', 'wallet')]);
    const reviewer = await adminSession();
    reviewerName = reviewer.user.name;
    const deposit = async (amount: string) => {
      const made = await client.call(walletOperations.createDeposit, {
        token: investor.accessToken,
        body: { amount, txid: randomBytes(32).toString('hex') },
      });
      return succeeded(made, 201).id;
    };
    const [approved, rejected] = [await deposit('100.12345678'), await deposit('1.00000001')];
    Object.assign(deposits, { approved, rejected, pending: await deposit('5.5') });
    const reviewDeposit = (id: string, body: OperationBody<typeof walletOperations.reviewDeposit>) =>
      client.call(walletOperations.reviewDeposit, { token: reviewer.accessToken, path: { id }, body });
    expect((await reviewDeposit(approved, { status: 'approved' })).status).toBe(200);
    const reason = 'Proof shows "another" address, sorry';
    expect((await reviewDeposit(rejected, { status: 'rejected', rejectionReason: reason })).status).toBe(200);
    const withdraw = async (amount: string) => {
      const made = await client.call(walletOperations.requestWithdrawal, {
        token: investor.accessToken,
        body: { amount, walletAddress: TRON_ADDRESS },
      });
      return succeeded(made, 201).id;
    };
    withdrawals.pending = await withdraw('12.34567891');
    const refusedId = await withdraw('7');
    withdrawals.rejected = refusedId;
    const refusal = await client.call(walletOperations.reviewWithdrawal, {
      token: reviewer.accessToken,
      path: { id: refusedId },
      body: { status: 'rejected', rejectionReason: 'Address on a sanctions list' },
    });
    expect(refusal.status).toBe(200);
  });

  it('streams every deposit with every column exact, chunked, as a dated attachment, and audits it', async () => {
    const answer = await exportCsv('deposits', {}, admin.accessToken);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="cropvest-deposits-${day()}.csv"`,
    );
    expect(answer.headers.get('content-length')).toBeNull();
    expect(answer.headers.get('transfer-encoding')).toBe('chunked');
    expect(answer.header).toEqual(columnsOf('deposits'));
    expect(answer.rows).toHaveLength(Number(answer.headers.get('x-total-count')));

    // Each of the investor's deposits as the admin list shows it, field for field.
    const listed = await client.ok(walletOperations.adminDeposits, {
      token: admin.accessToken,
      query: { q: investor.user.email },
    });
    const mine = ofUser(answer.rows, investor.user.id);
    // The funding deposit of verifiedInvestor and the three made here.
    expect(mine.map((row) => row.ID).sort()).toEqual(listed.map((d) => d.id).sort());
    expect(mine).toHaveLength(4);
    for (const deposit of listed) {
      const row = mine.find((r) => r.ID === deposit.id) as Record<string, string>;
      expect(row).toEqual({
        ID: deposit.id,
        'User ID': investor.user.id,
        'User name': deposit.user.name,
        'User email': investor.user.email,
        'Amount (USDT)': deposit.amount,
        'Transaction ID': deposit.txid ?? '',
        Status: deposit.status,
        'Reviewed by': deposit.status === 'pending' ? '' : reviewerName,
        'Reviewed (UTC)':
          deposit.status === 'pending' ? '' : (deposit.approvedAt ?? expect.stringMatching(ISO)),
        'Rejection reason': deposit.rejectionReason ?? '',
        'Created (UTC)': deposit.createdAt,
      });
    }
    const amounts = Object.fromEntries(mine.map((row) => [row.ID, row['Amount (USDT)']]));
    expect(amounts[deposits.approved as string]).toBe('100.12345678');
    expect(amounts[deposits.rejected as string]).toBe('1.00000001');
    expect(amounts[deposits.pending as string]).toBe('5.50000000');

    audits += 1;
    expect(await exportAudits(admin, audits)).toContainEqual(
      expect.objectContaining({
        action: 'data_export',
        adminId: admin.user.id,
        targetType: 'export',
        targetId: 'deposits',
        details: { dataset: 'deposits', filters: { status: 'all' }, rowCount: answer.rows.length },
      }),
    );
  });

  it('applies the status filter and the range of days', async () => {
    const approved = await exportCsv(
      'deposits',
      { status: 'approved', from: day(), to: day() },
      admin.accessToken,
    );
    expect(approved.status).toBe(200);
    expect(approved.rows.length).toBeGreaterThan(0);
    expect(approved.rows.every((row) => row.Status === 'approved')).toBe(true);
    expect(ofUser(approved.rows, investor.user.id).map((row) => row.ID)).toContain(deposits.approved);
    expect(ofUser(approved.rows, investor.user.id).map((row) => row.ID)).not.toContain(deposits.pending);

    const tomorrow = await exportCsv('deposits', { from: day(1) }, admin.accessToken);
    expect(tomorrow.status).toBe(200);
    expect(tomorrow.text).toBe(`${columnsOf('deposits').join(',')}\n`);
    expect(tomorrow.headers.get('x-total-count')).toBe('0');

    const untilYesterday = await exportCsv('deposits', { to: day(-1) }, admin.accessToken);
    expect(ofUser(untilYesterday.rows, investor.user.id)).toEqual([]);

    audits += 3;
    const details = (await exportAudits(admin, audits)).map((entry) => entry.details);
    expect(details).toContainEqual({
      dataset: 'deposits',
      filters: { status: 'all', to: day(-1) },
      rowCount: untilYesterday.rows.length,
    });
    expect(details).toContainEqual({
      dataset: 'deposits',
      filters: { status: 'all', from: day(1) },
      rowCount: 0,
    });
    expect(details).toContainEqual({
      dataset: 'deposits',
      filters: { status: 'approved', from: day(), to: day() },
      rowCount: approved.rows.length,
    });
  });

  it('streams the withdrawals with their addresses, reviews and exact amounts', async () => {
    const answer = await exportCsv('withdrawals', { from: day() }, admin.accessToken);
    expect(answer.status).toBe(200);
    expect(answer.header).toEqual(columnsOf('withdrawals'));
    expect(answer.rows).toHaveLength(Number(answer.headers.get('x-total-count')));
    const mine = ofUser(answer.rows, investor.user.id);
    expect(mine.map((row) => [row.ID, row['Amount (USDT)'], row.Status, row['Rejection reason']])).toEqual([
      [withdrawals.pending, '12.34567891', 'pending', ''],
      [withdrawals.rejected, '7.00000000', 'rejected', 'Address on a sanctions list'],
    ]);
    for (const row of mine) expect(row['Wallet address']).toBe(TRON_ADDRESS);

    const pending = await exportCsv('withdrawals', { status: 'pending' }, admin.accessToken);
    expect(pending.rows.every((row) => row.Status === 'pending')).toBe(true);
    expect(ofUser(pending.rows, investor.user.id).map((row) => row.ID)).toEqual([withdrawals.pending]);
    audits += 2;
    expect((await exportAudits(admin, audits)).map((entry) => entry.details)).toContainEqual({
      dataset: 'withdrawals',
      filters: { status: 'pending' },
      rowCount: pending.rows.length,
    });
  });

  it("streams the ledger entries equal to the ledger's own rows, in entry order, decimals exact", async () => {
    const answer = await exportCsv('ledger-entries', { from: day() }, admin.accessToken);
    expect([answer.status, answer.status === 200 ? '' : answer.text]).toEqual([200, '']);
    expect(answer.header).toEqual(columnsOf('ledger-entries'));
    expect(answer.rows).toHaveLength(Number(answer.headers.get('x-total-count')));
    const ids = answer.rows.map((row) => BigInt(row['Entry ID'] as string));
    expect(ids.every((id, i) => i === 0 || id > (ids[i - 1] as bigint))).toBe(true);

    const db = serviceDb('wallet');
    const ledger = (await db('ledger_entries as e')
      .join('accounts as a', 'a.id', 'e.account_id')
      .join('transfers as t', 't.id', 'e.transfer_id')
      .where('a.user_id', investor.user.id)
      .orderBy('e.id')
      .select(
        'e.id',
        'e.transfer_id',
        't.kind',
        'e.account_id',
        'a.kind as account_kind',
        'e.amount',
        'e.balance_after',
        't.reference_id',
        't.memo',
        'e.created_at',
      )) as {
      id: string;
      transfer_id: string;
      kind: string;
      account_id: string;
      account_kind: string;
      amount: string;
      balance_after: string;
      reference_id: string | null;
      memo: string | null;
      created_at: Date;
    }[];
    // Funding, the approved deposit, two withdrawal holds and the rejected one's release.
    expect(ledger.length).toBeGreaterThanOrEqual(5);
    expect(ofUser(answer.rows, investor.user.id)).toEqual(
      ledger.map((entry) => ({
        'Entry ID': String(entry.id),
        'Transfer ID': entry.transfer_id,
        'Transfer kind': entry.kind,
        'Account ID': entry.account_id,
        'Account kind': entry.account_kind,
        'User ID': investor.user.id,
        'Amount (USDT)': entry.amount,
        'Balance after (USDT)': entry.balance_after,
        Reference: entry.reference_id ?? '',
        Memo: entry.memo ?? '',
        'Created (UTC)': entry.created_at.toISOString(),
      })),
    );
    audits += 1;
    expect((await exportAudits(admin, audits)).map((entry) => entry.details)).toContainEqual({
      dataset: 'ledger-entries',
      filters: { from: day() },
      rowCount: answer.rows.length,
    });
  });

  it('refuses an investor at the gateway and at the service, and bad filters with a 400', async () => {
    for (const dataset of ['deposits', 'withdrawals', 'ledger-entries'] as const) {
      expect((await exportCsv(dataset, {}, investor.accessToken)).status).toBe(403);
      expect((await exportCsv(dataset, {}, investor.accessToken, stack().services.wallet)).status).toBe(403);
      expect((await exportCsv(dataset, {}, undefined)).status).toBe(401);
    }
    const reversed = await exportCsv('deposits', { from: day(), to: day(-1) }, admin.accessToken);
    expect(reversed.status).toBe(400);
    expect(reversed.text).toContain(EXPORT_RANGE_REVERSED);
    expect((await exportCsv('deposits', { status: 'paid' }, admin.accessToken)).status).toBe(400);
    expect((await exportCsv('ledger-entries', { from: '2026-02-30' }, admin.accessToken)).status).toBe(400);
    expect((await exportCsv('ledger-entries', { userId: investor.user.id }, admin.accessToken)).status).toBe(
      400,
    );
    // Nothing refused was audited.
    expect(await exportAudits(admin, audits)).toHaveLength(audits);
  });
});
