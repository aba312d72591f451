// ARCHITECTURE.md section 7: after a call that moved a user's money has answered, that user's next
// GET /api/auth/me shows it. The admin user list (a projection fed by events) catches up shortly after.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { MoneyDecimal } from '@cropvest/contracts';
import {
  adminSession,
  api,
  approveAsAdmin,
  eventually,
  registerInvestor,
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

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('the balance in /api/auth/me', () => {
  it('after each of 200+ alternating deposit approvals, withdrawal requests and investments, the next /me shows the new balance', async () => {
    const admin = await adminSession();
    const investor = await registerInvestor({ name: 'Read Your Writes' });
    await approveKycByEvent(investor.user.id, 'wallet');
    await kycApprovalReached(investor.user.id, 'plans');
    await answerSuitability(investor);
    const plan = await api('POST', '/api/admin/plans', admin.accessToken, {
      title: 'Read-your-writes barley',
      description: 'A plan the balance test invests in.',
      minSlotPrice: SLOT_PRICE,
      dailyInterestRate: '0.05',
      durationDays: 30,
      totalSlots: 100,
      startDate: dayFromNow(-1),
      endDate: dayFromNow(29),
      isActive: true,
    });
    expect(plan.status).toBe(201);
    await publishKeyInformation(plan.body.id);

    let expected = new MoneyDecimal(0);
    const stale: string[] = [];
    let moves = 0;
    const readMe = async (after: string) => {
      moves++;
      const me = await api('GET', '/api/auth/me', investor.accessToken);
      expect(me.status).toBe(200);
      if (me.body.balance !== expected.toFixed(8))
        stale.push(
          `after ${after} #${moves}: /me showed ${me.body.balance}, expected ${expected.toFixed(8)}`,
        );
    };

    for (let round = 1; round <= ROUNDS; round++) {
      // Amounts with up to 8 decimals, so the comparison is of exact decimal strings.
      const deposit = new MoneyDecimal(150).plus(new MoneyDecimal(round).times('0.01234567'));
      const declared = await api('POST', '/api/deposits', investor.accessToken, {
        amount: deposit.toFixed(),
      });
      expect(declared.status).toBe(201);
      await approveAsAdmin(`/api/admin/deposits/${declared.body.id}`);
      expected = expected.plus(deposit);
      await readMe('a deposit approval');

      const withdrawal = new MoneyDecimal(20).plus(new MoneyDecimal(round).times('0.00000003'));
      const requested = await api('POST', '/api/withdrawals', investor.accessToken, {
        amount: withdrawal.toFixed(),
        walletAddress: TRON_ADDRESS,
      });
      expect(requested.status).toBe(201);
      expected = expected.minus(withdrawal);
      await readMe('a withdrawal request');

      if (round % INVEST_EVERY === 0) {
        const invested = await api('POST', '/api/investments', investor.accessToken, {
          planId: plan.body.id,
          ...(await acknowledgement(plan.body.id)),
          slotsPurchased: 1,
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
        (await api('GET', `/api/admin/users?q=${investor.user.id}`, admin.accessToken)).body.find(
          (user: { id: string; balance: string }) =>
            user.id === investor.user.id && user.balance === expected.toFixed(8),
        ),
      10_000,
      'the admin user list to show the balance',
    );
  });
});
