// What a plan's page reads (issue 25): the plan itself and when its principal went to the operator, for anyone
// while the plan is active, for its investors always, for an admin; a closed plan is nobody else's business.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { OperationBody, OperationQuery } from '@cropvest/contracts/operation-call';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { fieldReportOperations } from '@cropvest/contracts/plans/field-reports-api';
import { fundingOperations } from '@cropvest/contracts/plans/funding-api';
import { adminSession, registerInvestor, stackClient } from '../../../test/support/api.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { heldSlot, isoDay, plansDb } from './support.ts';

jest.setTimeout(90_000);
afterAll(closeConnections);

const client = stackClient();
const admin = async () => (await adminSession()).accessToken;

/** A plan with one investor whose four days to reconsider are over, so its principal can be disbursed. */
async function disbursablePlan() {
  const held = await heldSlot(0);
  await plansDb().raw(`UPDATE investments SET cancellable_until = now() - interval '1 minute' WHERE id = ?`, [
    held.investmentId,
  ]);
  return held;
}

const disburse = async (planId: string, body: OperationBody<typeof fundingOperations.recordDisbursement>) => {
  const answer = await client.call(fundingOperations.recordDisbursement, {
    token: await admin(),
    path: { id: planId },
    body,
  });
  expect(answer.status).toBe(201);
  return succeeded(answer, 201);
};

/** The plan's page as `token` (or anyone signed out) reads it. */
const planAs = (planId: string, token?: string) =>
  client.call(plansOperations.plan, { token, path: { id: planId } });
/** One page of the plan's disbursements as `token` (or anyone signed out) reads it. */
const disbursementsAs = (
  planId: string,
  token?: string,
  query: OperationQuery<typeof fundingOperations.planDisbursements> = {},
) => client.call(fundingOperations.planDisbursements, { token, path: { id: planId }, query });

const deactivate = (planId: string) => plansDb()('plans').where({ id: planId }).update({ is_active: false });

describe("a plan's page", () => {
  it('reads an active plan for anyone, a closed one only for its investors and admins, and 404s an unknown one', async () => {
    const { planId, holder } = await heldSlot(0);
    const stranger = await registerInvestor();

    const open = await planAs(planId);
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ id: planId, isActive: true, keyInformation: { complete: true } });

    await deactivate(planId);
    expect((await planAs(planId)).status).toBe(404);
    expect((await planAs(planId, stranger.accessToken)).body).toMatchObject({
      code: 'PLAN_NOT_FOUND',
    });
    expect((await planAs(planId, holder.accessToken)).body).toMatchObject({
      id: planId,
      isActive: false,
    });
    expect((await planAs(planId, await admin())).status).toBe(200);
    // Its timeline follows the same rule.
    const timelineAs = (token: string) =>
      client.call(fieldReportOperations.fieldReports, { token, path: { id: planId } });
    expect((await timelineAs(stranger.accessToken)).status).toBe(404);
    expect((await timelineAs(holder.accessToken)).status).toBe(200);

    expect((await planAs(randomUUID())).status).toBe(404);
    // Raw: an id that is no plan id at all.
    expect((await client.raw('GET', plansOperations.plan.path.replace('{id}', 'not-a-plan'))).status).toBe(
      400,
    );
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

    const page = await disbursementsAs(planId, undefined, { page: 1, pageSize: 1 });
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
    const next = await disbursementsAs(planId, undefined, { page: 2, pageSize: 1 });
    expect(next.body).toEqual([expect.objectContaining({ id: first.id, disbursedOn: isoDay(-2) })]);
    expect(Object.keys(succeeded(next)[0]!).sort()).toEqual(
      ['amount', 'chain', 'disbursedOn', 'id', 'network', 'txid'].sort(),
    );
  });

  it("hides a closed plan's disbursements from strangers, not from its investors", async () => {
    const { planId, holder } = await disbursablePlan();
    await disburse(planId, { amount: '100', disbursedOn: isoDay(0) });
    await deactivate(planId);
    expect((await disbursementsAs(planId)).status).toBe(404);
    const own = await disbursementsAs(planId, holder.accessToken);
    expect(own.status).toBe(200);
    expect(own.body).toHaveLength(1);
    expect((await disbursementsAs(randomUUID())).status).toBe(404);
    expect((await disbursementsAs(planId, holder.accessToken, { pageSize: 0 })).status).toBe(400);
  });
});
