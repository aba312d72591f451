// What a plan's page reads (issue 25): the plan itself and when its principal went to the operator, for anyone
// while the plan is active, for its investors always, for an admin; a closed plan is nobody else's business.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { adminSession, api, registerInvestor } from '../../../test/support/api.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { heldSlot, isoDay, plansDb } from './support.ts';

jest.setTimeout(90_000);
afterAll(closeConnections);

const admin = async () => (await adminSession()).accessToken;

/** A plan with one investor whose four days to reconsider are over, so its principal can be disbursed. */
async function disbursablePlan() {
  const held = await heldSlot(0);
  await plansDb().raw(`UPDATE investments SET cancellable_until = now() - interval '1 minute' WHERE id = ?`, [
    held.investmentId,
  ]);
  return held;
}

const disburse = async (planId: string, body: Record<string, unknown>) => {
  const answer = await api('POST', `/api/admin/plans/${planId}/disbursements`, await admin(), body);
  expect(answer.status).toBe(201);
  return answer.body;
};

const deactivate = (planId: string) => plansDb()('plans').where({ id: planId }).update({ is_active: false });

describe("a plan's page", () => {
  it('reads an active plan for anyone, a closed one only for its investors and admins, and 404s an unknown one', async () => {
    const { planId, holder } = await heldSlot(0);
    const stranger = await registerInvestor();

    const open = await api('GET', `/api/plans/${planId}`);
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ id: planId, isActive: true, keyInformation: { complete: true } });

    await deactivate(planId);
    expect((await api('GET', `/api/plans/${planId}`)).status).toBe(404);
    expect((await api('GET', `/api/plans/${planId}`, stranger.accessToken)).body).toMatchObject({
      code: 'PLAN_NOT_FOUND',
    });
    expect((await api('GET', `/api/plans/${planId}`, holder.accessToken)).body).toMatchObject({
      id: planId,
      isActive: false,
    });
    expect((await api('GET', `/api/plans/${planId}`, await admin())).status).toBe(200);
    // Its timeline follows the same rule.
    expect((await api('GET', `/api/plans/${planId}/field-reports`, stranger.accessToken)).status).toBe(404);
    expect((await api('GET', `/api/plans/${planId}/field-reports`, holder.accessToken)).status).toBe(200);

    expect((await api('GET', `/api/plans/${randomUUID()}`)).status).toBe(404);
    expect((await api('GET', '/api/plans/not-a-plan')).status).toBe(400);
  });

  it("lists the plan's disbursements newest first, one page at a time, with the day and transfer but no evidence, note or admin", async () => {
    const { planId } = await disbursablePlan();
    const first = await disburse(planId, {
      amount: '300',
      disbursedOn: isoDay(-2),
      note: 'Seed and fertiliser',
      evidenceUrl: '/objects/plan-images/evidence-of-seed',
    });
    const second = await disburse(planId, { amount: '200.5', disbursedOn: isoDay(-1) });

    const page = await api('GET', `/api/plans/${planId}/disbursements?page=1&pageSize=1`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-total-count')).toBe('2');
    expect(page.body).toEqual([
      {
        id: second.id,
        amount: '200.50000000',
        disbursedOn: isoDay(-1),
        network: null,
        txid: null,
        chain: expect.objectContaining({ status: 'no_txid' }),
      },
    ]);
    const next = await api('GET', `/api/plans/${planId}/disbursements?page=2&pageSize=1`);
    expect(next.body).toEqual([expect.objectContaining({ id: first.id, disbursedOn: isoDay(-2) })]);
    expect(Object.keys(next.body[0]).sort()).toEqual(
      ['amount', 'chain', 'disbursedOn', 'id', 'network', 'txid'].sort(),
    );
  });

  it("hides a closed plan's disbursements from strangers, not from its investors", async () => {
    const { planId, holder } = await disbursablePlan();
    await disburse(planId, { amount: '100', disbursedOn: isoDay(0) });
    await deactivate(planId);
    expect((await api('GET', `/api/plans/${planId}/disbursements`)).status).toBe(404);
    const own = await api('GET', `/api/plans/${planId}/disbursements`, holder.accessToken);
    expect(own.status).toBe(200);
    expect(own.body).toHaveLength(1);
    expect((await api('GET', `/api/plans/${randomUUID()}/disbursements`)).status).toBe(404);
    expect(
      (await api('GET', `/api/plans/${planId}/disbursements?pageSize=0`, holder.accessToken)).status,
    ).toBe(400);
  });
});
