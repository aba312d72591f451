// Funded payouts in the ledger (docs/decisions/0091): principal sent to a plan's operator, proceeds and the
// reserve fund's money, and harvests paid from what the plan holds. The database refuses any payout that was
// not funded: the event waits (not acknowledged) and nothing of it is paid until the plan holds the money.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { eventually, registerInvestor, type Session } from '../../../test/support/api.ts';
import { eventHandled, publishEvent } from '../../../test/support/bus.ts';
import { jetstreamManager } from '@nats-io/jetstream';
import { closeConnections, nats, serviceDb } from '../../../test/support/connections.ts';
import { approveKycByEvent } from '../../../test/support/kyc.ts';
import { balances, fund, ledgerCheck } from '../../../test/support/wallet.ts';
import { command } from './support.ts';

jest.setTimeout(90_000);
afterAll(closeConnections);

let investor: Session;
const admin = randomUUID();
const planId = randomUUID();
const investmentId = randomUUID();

const planAccount = async (kind: 'plan_operator' | 'plan_proceeds') =>
  (await serviceDb('wallet')('accounts').where({ plan_id: planId, kind }).first('balance'))?.balance as
    string | undefined;

const reserveBalance = async () =>
  (
    (await serviceDb('wallet')('accounts')
      .where({ kind: 'reserve_fund' })
      .whereNull('user_id')
      .whereNull('plan_id')
      .first('balance')) as { balance: string }
  ).balance;

beforeAll(async () => {
  investor = await registerInvestor({ name: 'Funded Payout Investor' });
  await approveKycByEvent(investor.user.id, 'wallet');
  await fund(investor, '100');
  await command('cmd.wallet.debit', { investmentId, userId: investor.user.id, amount: '100' });
});

describe('funded payouts in the ledger', () => {
  it('moves a disbursement from invested to the plan operator, once', async () => {
    const disbursementId = randomUUID();
    const data = { disbursementId, investmentId, userId: investor.user.id, planId, amount: '60.00000000' };
    const first = await publishEvent('investment.disbursed', data);
    const again = await publishEvent('investment.disbursed', data);
    await eventHandled('wallet', 'wallet-investment-disbursed', first.id);
    await eventHandled('wallet', 'wallet-investment-disbursed', again.id);
    expect(await balances(investor.user.id)).toMatchObject({
      available: '0.00000000',
      invested: '40.00000000',
    });
    expect(await planAccount('plan_operator')).toBe('60.00000000');
    expect((await ledgerCheck()).problems).toEqual([]);
  });

  it('refuses a payout the plan cannot fund, pays nothing of it, and pays it once proceeds arrive', async () => {
    const harvest = await publishEvent('investment.harvested', {
      investmentId,
      userId: investor.user.id,
      planId,
      planTitle: 'Funded Sorghum',
      principal: '100.00000000',
      interest: '5.00000000',
      funded: {
        principalFromInvested: '40.00000000',
        principalFromProceeds: '60.00000000',
        interestFromProceeds: '5.00000000',
        shortfall: '0.00000000',
      },
    });
    // Proceeds of 50 and an allocation of 15 from a reserve of 20: still short until both have arrived.
    const contribution = await publishEvent('reserve.contributed', {
      contributionId: randomUUID(),
      amount: '20.00000000',
      recordedBy: admin,
    });
    await eventHandled('wallet', 'wallet-reserve-contributed', contribution.id);
    const proceeds = await publishEvent('plan.proceeds_recorded', {
      proceedsId: randomUUID(),
      planId,
      amount: '50.00000000',
      recordedBy: admin,
    });
    await eventHandled('wallet', 'wallet-plan-proceeds-recorded', proceeds.id);
    // The payout needs 65 from proceeds of 50: refused whole, delivered again and again, never recorded as handled.
    const jsm = await jetstreamManager(await nats());
    await eventually(
      async () => {
        const info = await jsm.consumers.info('EVENTS', 'wallet-investment-harvested');
        return info.delivered.stream_seq >= harvest.sequence && info.num_redelivered > 0;
      },
      15_000,
      'the unfunded payout to be refused and delivered again',
    );
    expect(
      await serviceDb('wallet')('inbox')
        .where({ consumer: 'wallet-investment-harvested', event_id: harvest.id })
        .first(),
    ).toBeUndefined();
    expect(await balances(investor.user.id)).toMatchObject({
      available: '0.00000000',
      invested: '40.00000000',
    });
    expect(await planAccount('plan_proceeds')).toBe('50.00000000');

    const allocation = await publishEvent('reserve.allocated', {
      allocationId: randomUUID(),
      planId,
      amount: '15.00000000',
      approvedBy: admin,
    });
    await eventHandled('wallet', 'wallet-reserve-allocated', allocation.id);
    await eventHandled('wallet', 'wallet-investment-harvested', harvest.id, 30_000);
    expect(await balances(investor.user.id)).toMatchObject({
      available: '105.00000000',
      invested: '0.00000000',
    });
    expect(await planAccount('plan_proceeds')).toBe('0.00000000');
    expect(await planAccount('plan_operator')).toBe('60.00000000');
    expect((await ledgerCheck()).problems).toEqual([]);
  });

  it('refuses an allocation larger than the reserve fund holds', async () => {
    const before = await reserveBalance();
    const wallet = serviceDb('wallet');
    await expect(
      wallet.raw(`UPDATE accounts SET balance = -0.00000001 WHERE kind = 'reserve_fund' AND plan_id IS NULL`),
    ).rejects.toMatchObject({ constraint: 'accounts_funding_nonnegative' });
    await expect(
      wallet.raw(`UPDATE accounts SET balance = -1 WHERE plan_id = ? AND kind = 'plan_proceeds'`, [planId]),
    ).rejects.toMatchObject({ constraint: 'accounts_funding_nonnegative' });
    expect(await reserveBalance()).toBe(before);
  });
});
