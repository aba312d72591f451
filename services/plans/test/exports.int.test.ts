import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { EXPORT_RANGE_REVERSED } from '@cropvest/contracts';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { stack, stackClient, type Session } from '../../../test/support/api.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { columnsOf, exportAudits, exportCsv, freshAdmin } from '../../../test/support/exports.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { createPlan, isoDay } from './support.ts';
import { acknowledgement } from '../../../test/support/key-information.ts';

jest.setTimeout(120_000);
afterAll(closeConnections);

const client = stackClient();

describe('plans export: investments', () => {
  let admin: Session;
  let investor: Session;
  let plan: { id: string; title: string };
  const bought: string[] = [];

  beforeAll(async () => {
    [admin, investor, plan] = await Promise.all([
      freshAdmin('plans exports'),
      verifiedInvestor('1000', 'plans'),
      createPlan({ title: 'Export, "quoted" maize', minSlotPrice: '100.25', dailyInterestRate: '0.07' }),
    ]);
    for (const slotsPurchased of [2, 1]) {
      const made = await client.call(plansOperations.invest, {
        token: investor.accessToken,
        body: { planId: plan.id, ...(await acknowledgement(plan.id)), slotsPurchased },
      });
      expect(made.status).toBe(201);
      bought.push(succeeded(made, 201).id);
    }
  });

  it('streams every investment with every column exact as the admin list shows it, and audits it', async () => {
    const answer = await exportCsv('investments', { from: isoDay(0) }, admin.accessToken);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="cropvest-investments-${isoDay(0)}.csv"`,
    );
    expect(answer.headers.get('content-length')).toBeNull();
    expect(answer.header).toEqual(columnsOf('investments'));
    expect(answer.rows).toHaveLength(Number(answer.headers.get('x-total-count')));

    const listed = await client.ok(plansOperations.adminInvestments, {
      token: admin.accessToken,
      query: { userId: investor.user.id },
    });
    const mine = answer.rows.filter((row) => row['User ID'] === investor.user.id);
    expect(mine.map((row) => row.ID)).toEqual(bought);
    expect(mine).toEqual(
      [...listed].reverse().map((investment) => ({
        ID: investment.id,
        'User ID': investor.user.id,
        'User name': investment.user.name,
        'User email': investment.user.email,
        'Plan ID': plan.id,
        Plan: 'Export, "quoted" maize',
        Slots: String(investment.slotsPurchased),
        'Principal (USDT)': investment.principal,
        'Daily rate (%)': investment.interestRate,
        'Compound interest': investment.compoundInterest ? 'yes' : 'no',
        'Interest earned (USDT)': investment.interestEarned,
        Status: investment.status,
        'Created (UTC)': investment.createdAt,
        'Completed (UTC)': investment.completedAt ?? '',
      })),
    );
    expect(mine.map((row) => row['Principal (USDT)'])).toEqual(['200.50000000', '100.25000000']);

    const completed = await exportCsv('investments', { status: 'completed' }, admin.accessToken);
    expect(completed.rows.every((row) => row.Status === 'completed')).toBe(true);
    expect(completed.rows.filter((row) => row['User ID'] === investor.user.id)).toEqual([]);

    const details = (await exportAudits(admin, 2)).map((entry) => entry.details);
    expect(details).toEqual(
      expect.arrayContaining([
        { dataset: 'investments', filters: { from: isoDay(0) }, rowCount: answer.rows.length },
        { dataset: 'investments', filters: { status: 'completed' }, rowCount: completed.rows.length },
      ]),
    );
  });

  it('refuses an investor at the gateway and at the service, and bad filters with a 400', async () => {
    expect((await exportCsv('investments', {}, investor.accessToken)).status).toBe(403);
    expect((await exportCsv('investments', {}, investor.accessToken, stack().services.plans)).status).toBe(
      403,
    );
    expect((await exportCsv('investments', {}, undefined)).status).toBe(401);
    const reversed = await exportCsv('investments', { from: isoDay(0), to: isoDay(-1) }, admin.accessToken);
    expect(reversed.status).toBe(400);
    expect(reversed.text).toContain(EXPORT_RANGE_REVERSED);
    expect((await exportCsv('investments', { status: 'pending' }, admin.accessToken)).status).toBe(400);
  });
});
