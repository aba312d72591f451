// The harvest's batches (decision 0134): one plan at a time, its investments in investor order, so the wallet
// pays each investor's investments together; then each investor's totals, announced once per plan. Run on rows written and harvested inside one transaction that is
// rolled back: nothing is committed, and no other suite or the service's own run sees them.
import { afterAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import {
  announceHarvests,
  harvestablePlans,
  harvestBatch,
  type HarvestedRow,
  type HarvestTotals,
} from '../src/db/accrual.ts';

afterAll(closeConnections);

const ids = (count: number): string[] => Array.from({ length: count }, () => randomUUID()).sort();

describe('harvest batches', () => {
  it('take one ripe plan at a time, its investments in investor order, then tell each investor once per plan', async () => {
    const plans = ids(2);
    const investors = ids(3);
    const batches: HarvestedRow[][] = [];
    const announced: HarvestTotals[][] = [];
    await serviceDb('plans')
      .transaction(async (trx) => {
        for (const [index, id] of plans.entries())
          await trx('plans').insert({
            id,
            title: `Harvest order ${index + 1}`,
            description: 'Ripe: ended yesterday, every day accrued.',
            min_slot_price: '10',
            daily_interest_rate: '1.00',
            duration_days: 10,
            total_slots: 100,
            available_slots: 90,
            start_date: trx.raw(`date_trunc('day', now()) - interval '10 days'`),
            end_date: trx.raw(`date_trunc('day', now())`),
            accrued_through: trx.raw(`(date_trunc('day', now()) - interval '1 day')::date`),
            // Paid as before plans had funding (decision 0091): no payout to decide first.
            funding_model: 'legacy',
          });
        // Five investments of each investor in each plan, written interleaved (as buyers come).
        for (let round = 0; round < 5; round++)
          for (const plan of [...plans].reverse())
            for (const investor of [...investors].reverse())
              await trx('investments').insert({
                id: randomUUID(),
                user_id: investor,
                plan_id: plan,
                slots_purchased: 1,
                principal: '10',
                daily_interest: '0.1',
                daily_rate: '1.00',
                status: 'active',
                activated_at: trx.fn.now(),
              });
        expect((await harvestablePlans(trx)).filter((id) => plans.includes(id))).toEqual(plans);
        // As the daily run takes them: each plan's batches in turn, each from the investor the last one ended at.
        for (const plan of plans) {
          let from: string | null = null;
          for (;;) {
            const batch = await harvestBatch(trx, plan, from, 4);
            batches.push(batch);
            if (batch.length < 4) break;
            from = (batch.at(-1) as HarvestedRow).user_id;
          }
        }
        // Then each investor's totals, once per plan: a second call finds nothing more to announce.
        for (let call = 0; call < 2; call++)
          announced.push((await announceHarvests(trx)).filter((row) => plans.includes(row.plan_id)));
        throw new Error('rolled back');
      })
      .catch((error: Error) => {
        if (error.message !== 'rolled back') throw error;
      });

    // 15 investments a plan in batches of 4: four each, the last one short, which ends the plan.
    expect(batches.map((batch) => batch.length)).toEqual([4, 4, 4, 3, 4, 4, 4, 3]);
    const planOf = batches.map((batch) => [...new Set(batch.map((row) => row.plan_id))]);
    expect(planOf).toEqual([...Array(4).fill([plans[0]]), ...Array(4).fill([plans[1]])]);
    // Within a plan, investor by investor: all five of the first, then the second's, then the third's.
    const order = batches.flatMap((batch) => batch.map((row) => row.user_id));
    const perPlan = investors.flatMap((investor) => Array(5).fill(investor));
    expect(order).toEqual([...perPlan, ...perPlan]);

    expect(announced[0]).toEqual(
      plans.flatMap((plan, index) =>
        investors.map((investor) => ({
          plan_id: plan,
          plan_title: `Harvest order ${index + 1}`,
          user_id: investor,
          investments: 5,
          principal: '50.00000000',
          interest: '0.00000000',
          shortfall: '0.00000000',
        })),
      ),
    );
    expect(announced[1]).toEqual([]);
  });
});
