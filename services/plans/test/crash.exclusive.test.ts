// The plans process is killed with SIGKILL while purchases are between "slots reserved" and "investment
// active". The launcher starts it again, like an orchestrator would; the sweeper then settles every pending
// investment by repeating the idempotent debit, and money and slots must reconcile exactly. Exclusive: the
// other suites must not see the plans service go away.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { eventually, stackClient, type Session } from '../../../test/support/api.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { servicePid } from '../../../test/support/processes.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { balances, ledgerCheck } from '../../../test/support/wallet.ts';
import { accrualsOf, createPlan, heldSlot, plansDb, simpleTerms } from './support.ts';
import { acknowledgement } from '../../../test/support/key-information.ts';

jest.setTimeout(300_000);
afterAll(closeConnections);

const client = stackClient();

/** The plans process of this test's stack (its pid changes when the launcher starts it again). */
function plansPid(): number {
  const pid = servicePid('plans');
  if (pid === undefined) throw new Error('the plans process was not found');
  return pid;
}

const pendingCount = async (planId: string) =>
  Number(
    (
      await plansDb()('investments')
        .where({ plan_id: planId, status: 'pending' })
        .count<{ count: number }[]>({ count: '*' })
    )[0]?.count ?? 0,
  );

describe('a crash in the middle of purchases', () => {
  it('after SIGKILL between reserving and activating, the restarted service settles every pending purchase; money and slots reconcile', async () => {
    // A plan that ran for 5 days with an investment nobody accrued: the restart must catch those days up.
    const held = await heldSlot(5);
    // Catching up is about the days, not the terms: one simple day's amount, five times.
    await simpleTerms(held.investmentId);

    let plan: { id: string } | undefined;
    let buyers: Session[] = [];
    let killedWithPending = 0;
    for (let attempt = 1; attempt <= 4 && killedWithPending === 0; attempt++) {
      const current = await createPlan({
        title: `Crash ${attempt}`,
        totalSlots: 60,
        minSlotPrice: '100',
      });
      plan = current;
      buyers = await Promise.all(Array.from({ length: 40 }, () => verifiedInvestor('250', 'plans')));
      const acknowledged = await acknowledgement(current.id);
      const before = plansPid();
      const burst = buyers.flatMap((b) =>
        [1, 2].map(() =>
          client.call(plansOperations.invest, {
            token: b.accessToken,
            body: { planId: current.id, ...acknowledged, slotsPurchased: 1 },
          }),
        ),
      );
      // Kill as soon as the first purchases are reserved, while the rest are in flight.
      await eventually(async () => (await pendingCount(current.id)) > 0, 10_000, 'a reserved purchase');
      process.kill(before, 'SIGKILL');
      const answers = await Promise.all(burst);
      killedWithPending = await pendingCount(current.id);
      expect(answers.every((a) => [201, 400, 502, 503, 504].includes(a.status))).toBe(true);
      // The launcher starts a new process.
      await eventually(
        async () => (await client.call(plansOperations.plans)).status === 200 && plansPid() !== before,
        60_000,
        'the plans service to come back',
      );
    }
    expect(killedWithPending).toBeGreaterThan(0);
    const planId = (plan as { id: string }).id;

    // The sweeper settles every pending investment once its lease runs out.
    await eventually(
      async () => (await pendingCount(planId)) === 0,
      90_000,
      'the sweeper to settle every pending purchase',
    );

    const rows: { user_id: string; status: string; slots_purchased: number; principal: string }[] =
      await plansDb()('investments')
        .where({ plan_id: planId })
        .select('user_id', 'status', 'slots_purchased', 'principal');
    expect(rows.every((r) => r.status === 'active' || r.status === 'failed')).toBe(true);
    const active = rows.filter((r) => r.status === 'active');
    const soldSlots = active.reduce((n, r) => n + r.slots_purchased, 0);
    const listed = (await client.ok(plansOperations.plans, { query: { active: 'true' } })).find(
      (p) => p.id === planId,
    );
    expect(60 - (listed?.availableSlots ?? 0)).toBe(soldSlots);

    // Every buyer's invested money is exactly their active investments; nobody paid for a failed one.
    for (const buyer of buyers) {
      const mine = active.filter((r) => r.user_id === buyer.user.id).length;
      expect(await balances(buyer.user.id)).toMatchObject({
        invested: `${mine * 100}.00000000`,
        available: `${250 - mine * 100}.00000000`,
      });
    }
    expect((await ledgerCheck()).problems).toEqual([]);

    // The boot caught up the 5 days the older plan missed.
    await eventually(
      async () => (await accrualsOf(held.investmentId)).length === 5,
      30_000,
      'the missed days to be accrued at boot',
    );
    expect((await accrualsOf(held.investmentId)).map((r) => r.amount)).toEqual(Array(5).fill('1.00000000'));
  });
});
