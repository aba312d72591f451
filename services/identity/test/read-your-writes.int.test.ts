// ARCHITECTURE.md section 7: after a call that moved a user's money has answered, that user's next
// GET /api/auth/me shows it. The admin user list (a projection fed by events) catches up shortly after.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { MoneyDecimal } from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  adminSession,
  approveAsAdmin,
  eventually,
  registerInvestor,
  stackClient,
} from '../../../test/support/api.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { answerSuitability, approveKycByEvent, kycApprovalReached } from '../../../test/support/kyc.ts';
import { balances } from '../../../test/support/wallet.ts';
import { acknowledgement, publishKeyInformation } from '../../../test/support/key-information.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

/** A valid TRON mainnet address (base58check, version byte 0x41). */
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ROUNDS = 100;
const INVEST_EVERY = 10;
const SLOT_PRICE = '100';

const client = stackClient();
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('the balance in /api/auth/me', () => {
  it('after each of 200+ alternating deposit approvals, withdrawal requests and investments, the next /me shows the new balance', async () => {
    const admin = await adminSession();
    const investor = await registerInvestor({ name: 'Read Your Writes' });
    await approveKycByEvent(investor.user.id, 'wallet');
    await kycApprovalReached(investor.user.id, 'plans');
    await answerSuitability(investor);
    const plan = await client.call(plansOperations.createPlan, {
      token: admin.accessToken,
      body: {
        title: 'Read-your-writes barley',
        description: 'A plan the balance test invests in.',
        minSlotPrice: SLOT_PRICE,
        dailyInterestRate: '0.05',
        durationDays: 30,
        totalSlots: 100,
        startDate: dayFromNow(-1),
        endDate: dayFromNow(29),
        isActive: true,
      },
    });
    expect(plan.status).toBe(201);
    if (!plan.ok) throw new Error(`creating the plan failed: ${plan.body.message}`);
    const planId = plan.body.id;
    await publishKeyInformation(planId);

    let expected = new MoneyDecimal(0);
    const stale: string[] = [];
    let moves = 0;
    const readMe = async (after: string) => {
      moves++;
      const me = await client.call(identityOperations.me, { token: investor.accessToken });
      expect(me.status).toBe(200);
      if (!me.ok) throw new Error(`/me refused: ${me.body.message}`);
      if (me.body.balance !== expected.toFixed(8))
        stale.push(
          `after ${after} #${moves}: /me showed ${me.body.balance}, expected ${expected.toFixed(8)}`,
        );
    };

    for (let round = 1; round <= ROUNDS; round++) {
      // Amounts with up to 8 decimals, so the comparison is of exact decimal strings.
      const deposit = new MoneyDecimal(150).plus(new MoneyDecimal(round).times('0.01234567'));
      const declared = await client.call(walletOperations.createDeposit, {
        token: investor.accessToken,
        body: { amount: deposit.toFixed() },
      });
      expect(declared.status).toBe(201);
      if (!declared.ok) throw new Error(`the deposit was refused: ${declared.body.message}`);
      await approveAsAdmin({ deposit: declared.body.id });
      expected = expected.plus(deposit);
      await readMe('a deposit approval');

      const withdrawal = new MoneyDecimal(20).plus(new MoneyDecimal(round).times('0.00000003'));
      const requested = await client.call(walletOperations.requestWithdrawal, {
        token: investor.accessToken,
        body: { amount: withdrawal.toFixed(), walletAddress: TRON_ADDRESS },
      });
      expect(requested.status).toBe(201);
      expected = expected.minus(withdrawal);
      await readMe('a withdrawal request');

      if (round % INVEST_EVERY === 0) {
        const invested = await client.call(plansOperations.invest, {
          token: investor.accessToken,
          body: { planId, ...(await acknowledgement(planId)), slotsPurchased: 1 },
        });
        expect(invested.status).toBe(201);
        expected = expected.minus(SLOT_PRICE);
        await readMe('an investment');
      }
    }

    console.warn(
      `read-your-writes: ${moves} money moves, each read back at once; ${stale.length} stale reads`,
    );
    expect(moves).toBeGreaterThanOrEqual(200);
    expect(stale).toEqual([]);
    expect((await balances(investor.user.id)).available).toBe(expected.toFixed(8));
    // The admin user list shows the projection, fed by events; it catches up shortly. The list is paged and other suites
    // register users meanwhile, so look the investor up by id rather than expect them on the first page.
    await eventually(
      async () =>
        (
          await client.ok(identityOperations.adminUsers, {
            token: admin.accessToken,
            query: { q: investor.user.id },
          })
        ).find((user) => user.id === investor.user.id && user.balance === expected.toFixed(8)),
      10_000,
      'the admin user list to show the balance',
    );
    // Over 600 calls one after another: on CI's two cores, shared with the journeys' lane, a minute is not enough.
  }, 180_000);
});
