// The plans side of the investor's Transaction History (GET /api/transactions, answered by the wallet): the
// debit of a purchase carries the plan's title and slots, and the harvest the plan's title. Days cannot be
// waited for, so the plan is moved back in time and the accrual runs as an operator runs it.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { eventually, stackClient } from '../../../test/support/api.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { recordProceeds } from '../../../test/support/funding.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { createPlan, isoDay, runAccrueCommand, shiftBack } from './support.ts';
import { acknowledgement } from '../../../test/support/key-information.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

const client = stackClient();

describe('an investment and its harvest in the transaction history', () => {
  it('shows the purchase as "<plan> · <n> slots" and, after the harvest, principal and interest paid back under the plan title', async () => {
    const plan = await createPlan({
      title: 'History barley',
      minSlotPrice: '1000',
      dailyInterestRate: '0.10',
      startDate: isoDay(0),
      endDate: isoDay(30),
    });
    const holder = await verifiedInvestor('2000', 'plans');
    const bought = succeeded(
      await client.call(plansOperations.invest, {
        token: holder.accessToken,
        body: { planId: plan.id, ...(await acknowledgement(plan.id)), slotsPurchased: 2 },
      }),
      201,
    );
    const investments = () =>
      client.ok(walletOperations.myTransactions, {
        token: holder.accessToken,
        query: { type: 'investments' },
      });

    expect(await investments()).toEqual([
      expect.objectContaining({
        type: 'investment',
        direction: 'out',
        amount: '2000.00000000',
        // Growing in its plan until the harvest pays it back (decision 0108).
        status: 'active',
        description: 'History barley · 2 slots',
        reference: bought.id,
      }),
    ]);

    // The plan ran from 31 days ago to yesterday: every day accrues, then the harvest pays.
    await shiftBack(plan.id, 31);
    // A funded plan pays from its proceeds (decision 0091): more than the season's interest was received.
    await recordProceeds(plan.id, '100');
    expect((await runAccrueCommand()).code).toBe(0);
    const harvested = await eventually(
      async () => {
        const items = await investments();
        return items.length === 3 ? items : undefined;
      },
      15_000,
      'the harvest payout in the history',
    );
    const [latest] = await client.ok(plansOperations.myInvestments, { token: holder.accessToken });
    if (!latest) throw new Error('My Investments lists no investment');
    const { interestEarned } = latest;
    expect(interestEarned).not.toBe('0.00000000');
    expect(harvested).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'harvest',
          direction: 'in',
          amount: '2000.00000000',
          description: 'History barley · Harvest payout (principal)',
          reference: bought.id,
        }),
        expect.objectContaining({
          type: 'harvest',
          direction: 'in',
          amount: interestEarned,
          description: 'History barley · Harvest payout (interest)',
          reference: bought.id,
        }),
      ]),
    );
    expect(harvested[2]).toMatchObject({ type: 'investment', status: 'completed' });

    // Under All as well, with the deposit that funded it.
    const all = await client.call(walletOperations.myTransactions, { token: holder.accessToken });
    if (!all.ok) throw new Error(`the history refused: ${all.status} ${all.body.message}`);
    expect(all.headers.get('x-total-count')).toBe('4');
    expect(all.body.map((i) => i.type).sort()).toEqual(['deposit', 'harvest', 'harvest', 'investment']);
  });
});
