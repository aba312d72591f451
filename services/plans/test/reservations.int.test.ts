import { afterAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { closeConnections } from '../../../test/support/connections.ts';
import { PlanReservations } from '../src/app/activations.ts';
import type { Reservation } from '../src/db/investments.ts';
import { createPlan, plansDb } from './support.ts';

afterAll(closeConnections);

/** A purchase of `slots` at 100 a slot, as `invest` hands it to the reservations. */
const purchase = (planId: string, slots: number): Reservation => ({
  id: uuidv7(),
  user_id: randomUUID(),
  plan_id: planId,
  slots_purchased: slots,
  principal: String(slots * 100),
  compound: false,
  lease_token: randomUUID(),
  lease_until: new Date(Date.now() + 60_000),
  key_information_version: null,
  suitability_answers_id: null,
  loss_warning: null,
});

/** Nobody will settle these purchases (their users have no wallets): they go, and the plan's slots come back. */
async function forget(planId: string): Promise<void> {
  await plansDb()('investments').where({ plan_id: planId }).del();
  await plansDb()('plans')
    .where({ id: planId })
    .update({ available_slots: plansDb().ref('total_slots') });
}

describe('slot reservations in groups per plan', () => {
  it('reserves the purchases that arrive while one is in flight together, each judged in order on what the ones before it left', async () => {
    const plan = await createPlan({ totalSlots: 4, minSlotPrice: '100' }, { keyInformation: false });
    const reservations = new PlanReservations(plansDb());
    const first = purchase(plan.id, 1);
    const tooBig = purchase(plan.id, 5);
    const small = [purchase(plan.id, 1), purchase(plan.id, 1), purchase(plan.id, 1)];
    const fourth = purchase(plan.id, 1);
    try {
      // The first goes alone at once; the rest arrive while it is in flight and form the next group, with one too
      // big for the three slots left at its head: it is refused and the smaller ones behind it are not.
      const results = await Promise.all(
        [first, tooBig, ...small, fourth].map((p) => reservations.reserve(p)),
      );
      expect(results.map((reserved) => reserved?.investment.id)).toEqual([
        first.id,
        undefined,
        ...small.map((p) => p.id),
        undefined,
      ]);
      const stored = await plansDb()('investments').where({ plan_id: plan.id }).select('id', 'status');
      expect(stored.map((row) => row.id).sort()).toEqual([first.id, ...small.map((p) => p.id)].sort());
      expect(stored.every((row) => row.status === 'pending')).toBe(true);
      expect(await plansDb()('plans').where({ id: plan.id }).first('available_slots')).toEqual({
        available_slots: 0,
      });
    } finally {
      await forget(plan.id);
    }
  });

  it('takes a whole group in one statement when the slots last, each purchase with its own investment', async () => {
    const plan = await createPlan({ totalSlots: 50, minSlotPrice: '100' }, { keyInformation: false });
    const reservations = new PlanReservations(plansDb());
    const purchases = Array.from({ length: 20 }, (_, i) => purchase(plan.id, 1 + (i % 3)));
    try {
      const results = await Promise.all(purchases.map((p) => reservations.reserve(p)));
      expect(results.map((reserved) => reserved?.investment.slots_purchased)).toEqual(
        purchases.map((p) => p.slots_purchased),
      );
      const taken = purchases.reduce((sum, p) => sum + p.slots_purchased, 0);
      expect(await plansDb()('plans').where({ id: plan.id }).first('available_slots')).toEqual({
        available_slots: 50 - taken,
      });
    } finally {
      await forget(plan.id);
    }
  });

  it('refuses a purchase whose price no longer matches the plan and takes the others of its group', async () => {
    const plan = await createPlan({ totalSlots: 10, minSlotPrice: '100' }, { keyInformation: false });
    const reservations = new PlanReservations(plansDb());
    const stalePrice = { ...purchase(plan.id, 2), principal: '150' };
    const fine = [purchase(plan.id, 1), purchase(plan.id, 2)];
    try {
      const results = await Promise.all([fine[0]!, stalePrice, fine[1]!].map((p) => reservations.reserve(p)));
      expect(results.map((reserved) => reserved?.investment.id)).toEqual([
        fine[0]!.id,
        undefined,
        fine[1]!.id,
      ]);
      expect(await plansDb()('plans').where({ id: plan.id }).first('available_slots')).toEqual({
        available_slots: 7,
      });
    } finally {
      await forget(plan.id);
    }
  });
});
