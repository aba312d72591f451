// A harvest day's payouts: a burst of `investment.harvested` events is taken in batches and posted in bulk
// (payHarvests → moveMoneyInBulk → postTransfers). Each investment is paid once, every balance and running
// balance is exact, and the ledger still balances.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { eventually, registerInvestor, type Session } from '../../../test/support/api.ts';
import { publishEvent } from '../../../test/support/bus.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { approveKycByEvent } from '../../../test/support/kyc.ts';
import { balances, fund, ledgerCheck } from '../../../test/support/wallet.ts';
import { MoneyDecimal } from '@cropvest/contracts';
import { command } from './support.ts';

jest.setTimeout(90_000);
afterAll(closeConnections);

const INVESTMENTS_EACH = 30;
const PRINCIPAL = '10.00000000';
/** Interest with all eight places used, so a rounding slip in the running balances would show. */
const INTEREST = '0.12345678';

let investors: Session[];
const investments = new Map<string, string[]>();

beforeAll(async () => {
  investors = await Promise.all([1, 2, 3].map((n) => registerInvestor({ name: `Harvest Investor ${n}` })));
  for (const investor of investors) {
    await approveKycByEvent(investor.user.id, 'wallet');
    await fund(investor, '1000');
    const ids = Array.from({ length: INVESTMENTS_EACH }, () => randomUUID());
    for (const investmentId of ids)
      await command('cmd.wallet.debit', { investmentId, userId: investor.user.id, amount: PRINCIPAL });
    investments.set(investor.user.id, ids);
  }
});

describe('harvest day payouts in bulk', () => {
  it('pays each of 90 investments of 3 investors once, with exact balances and running balances', async () => {
    // Interleaved, as a plan's investments are: one batch holds several investors' payouts.
    const events = [];
    for (let i = 0; i < INVESTMENTS_EACH; i++)
      for (const investor of investors)
        events.push({
          investmentId: (investments.get(investor.user.id) as string[])[i] as string,
          userId: investor.user.id,
          planId: randomUUID(),
          planTitle: 'Harvest Day Barley',
          principal: PRINCIPAL,
          interest: INTEREST,
        });
    // Two announced again under new event ids, as a plans service retrying would: their keys are used.
    await Promise.all(
      [...events, events[4], events[71]].map((data) => publishEvent('investment.harvested', data)),
    );

    const paidTo = new MoneyDecimal(1000).plus(new MoneyDecimal(INTEREST).times(INVESTMENTS_EACH)).toFixed(8);
    for (const investor of investors)
      await eventually(
        async () => (await balances(investor.user.id)).available === paidTo,
        30_000,
        `every payout of ${investor.user.name}`,
      );

    const wallet = serviceDb('wallet');
    for (const investor of investors) {
      expect(await balances(investor.user.id)).toMatchObject({ available: paidTo, invested: '0.00000000' });
      const transfers = await wallet('transfers')
        .whereIn('reference_id', investments.get(investor.user.id) as string[])
        .whereIn('kind', ['harvest_principal', 'harvest_interest'])
        .count({ n: '*' });
      expect(Number(transfers[0]?.n)).toBe(INVESTMENTS_EACH * 2);
      // Every entry's balance_after follows from the one before it, in the order they were written.
      const entries = await wallet('ledger_entries as e')
        .join('accounts as a', 'a.id', 'e.account_id')
        .where({ 'a.user_id': investor.user.id, 'a.kind': 'available' })
        .orderBy('e.id')
        .select('e.amount', 'e.balance_after');
      let running = new MoneyDecimal(0);
      for (const entry of entries as { amount: string; balance_after: string }[]) {
        running = running.plus(entry.amount);
        expect(new MoneyDecimal(entry.balance_after).toFixed(8)).toBe(running.toFixed(8));
      }
      expect(running.toFixed(8)).toBe(paidTo);
    }
    expect((await ledgerCheck()).problems).toEqual([]);
  });
});
