import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { ApiOperation } from '@cropvest/contracts/api-operation';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { adminSession, eventually, registerInvestor, stack, stackClient } from '../../../test/support/api.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { createPlan, isoDay, planFields } from './support.ts';
import { acknowledgement } from '../../../test/support/key-information.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

const client = stackClient();
/** Every plan's id, as `token` (or anyone signed out) lists them. */
const planIds = async (token?: string, query: { active?: 'true' | 'false' } = {}) =>
  (await client.ok(plansOperations.plans, { token, query })).map((p) => p.id);
/** The admin's edit of a plan. */
const editPlan = (token: string, id: string, overrides: Parameters<typeof planFields>[0] = {}) =>
  client.call(plansOperations.updatePlan, { token, path: { id }, body: planFields(overrides) });

describe('plan validation (spec section 5)', () => {
  it.each([
    ['a short title', { title: 'ab' }, 'Title must be at least 3 characters'],
    ['a missing title', { title: undefined }, 'Title must be at least 3 characters'],
    ['a short description', { description: 'too short' }, 'Description must be at least 10 characters'],
    ['a missing slot price', { minSlotPrice: undefined }, 'Minimum slot price is required'],
    ['a negative slot price', { minSlotPrice: '-5' }, 'Minimum slot price must be positive'],
    [
      'a non-numeric slot price',
      { minSlotPrice: 'ten' },
      'Minimum slot price must be a plain decimal number',
    ],
    ['a missing rate', { dailyInterestRate: undefined }, 'Interest rate must be positive'],
    ['a negative rate', { dailyInterestRate: -1 }, 'Interest rate must be positive'],
    ['a zero rate', { dailyInterestRate: '0' }, 'Interest rate must be positive'],
    ['a non-numeric rate', { dailyInterestRate: 'abc' }, 'Interest rate must be a plain decimal number'],
    [
      'a rate with 3 decimals',
      { dailyInterestRate: '0.125' },
      'Interest rate must have at most 2 decimal places',
    ],
    ['a zero duration', { durationDays: 0 }, 'Duration must be at least 1 day'],
    ['zero slots', { totalSlots: 0 }, 'Total slots must be at least 1'],
    ['fractional slots', { totalSlots: 2.5 }, 'Total slots must be a whole number'],
    ['a missing start date', { startDate: undefined }, 'Start date is required'],
    ['a missing end date', { endDate: undefined }, 'End date is required'],
    ['an unreadable date', { startDate: 'next tuesday' }, 'Start date must be a valid date'],
    [
      'an end before the start',
      { startDate: isoDay(10), endDate: isoDay(5) },
      'End date must be after start date',
    ],
    [
      'an end equal to the start',
      { startDate: isoDay(3), endDate: isoDay(3) },
      'End date must be after start date',
    ],
  ])('refuses %s with the spec message and creates nothing', async (_case, override, message) => {
    const admin = await adminSession();
    // Marked as this case's own (a case changes one field at most), since other suites add plans meanwhile.
    const mark = randomUUID();
    const mine = { title: `Refused ${mark}`, description: `Refused plan ${mark}` };
    // Raw: each case's body is one the contract's request type does not allow.
    const result = await client.raw(
      plansOperations.createPlan.method.toUpperCase(),
      plansOperations.createPlan.path,
      {
        token: admin.accessToken,
        body: planFields({ ...mine, ...override }),
      },
    );
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ message });
    const plans = await client.ok(plansOperations.plans, { token: admin.accessToken });
    expect(
      plans.filter((plan) => plan.title === mine.title || plan.description === mine.description),
    ).toEqual([]);
  });

  it('creates a plan from the form (numbers, a day, epoch milliseconds) with available slots equal to the total', async () => {
    const start = Date.UTC(2030, 0, 1);
    const plan = await createPlan({
      minSlotPrice: 250.5,
      dailyInterestRate: 0.07,
      totalSlots: '40',
      startDate: start,
      endDate: '2030-03-02',
      durationDays: undefined,
      availableSlots: 3,
    });
    expect(plan).toMatchObject({
      minSlotPrice: '250.50000000',
      dailyInterestRate: '0.07',
      totalSlots: 40,
      availableSlots: 40,
      startDate: '2030-01-01T00:00:00.000Z',
      endDate: '2030-03-02T00:00:00.000Z',
      durationDays: 60,
      isActive: true,
      imageUrl: null,
    });
  });

  it('audits plan creation, edits and deletion', async () => {
    const admin = await adminSession();
    const plan = await createPlan({ title: 'Audited soy' });
    await editPlan(admin.accessToken, plan.id, { title: 'Audited soy, edited' });
    await client.call(plansOperations.deletePlan, { token: admin.accessToken, path: { id: plan.id } });
    for (const action of ['plan_create', 'plan_edit', 'plan_delete'] as const) {
      await eventually(
        async () => {
          const logs = await client.call(identityOperations.auditLogs, {
            token: admin.accessToken,
            query: { targetId: plan.id, action },
          });
          return logs.ok && logs.body.items.length === 1 && logs.body.items[0]?.adminId === admin.user.id;
        },
        10_000,
        `the ${action} audit row`,
      );
    }
  });
});

describe('plan listing and editing', () => {
  it('lists active plans with slots to visitors signed out, all plans to admins', async () => {
    const admin = await adminSession();
    const open = await createPlan({ title: `Open ${randomUUID().slice(0, 6)}` });
    const inactive = await createPlan({ title: `Hidden ${randomUUID().slice(0, 6)}`, isActive: false });
    const ended = await createPlan({
      title: `Ended ${randomUUID().slice(0, 6)}`,
      startDate: isoDay(-10),
      endDate: isoDay(-2),
    });
    const anonymous = await client.call(plansOperations.plans, { query: { active: 'true' } });
    expect(anonymous.status).toBe(200);
    const ids = succeeded(anonymous).map((p) => p.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(ended.id);
    expect(await planIds((await registerInvestor()).accessToken)).not.toContain(inactive.id);
    const all = await planIds(admin.accessToken);
    expect(all).toEqual(expect.arrayContaining([open.id, inactive.id, ended.id]));
    const adminActive = await planIds(admin.accessToken, { active: 'true' });
    expect(adminActive).not.toContain(inactive.id);
  });

  it('keeps available slots when editing, and refuses a total below the slots sold', async () => {
    const admin = await adminSession();
    const buyer = await verifiedInvestor('1000', 'plans');
    const plan = await createPlan({ totalSlots: 10 });
    expect(
      (
        await client.call(plansOperations.invest, {
          token: buyer.accessToken,
          body: {
            planId: plan.id,
            ...(await acknowledgement(plan.id)),
            slotsPurchased: 4,
            principal: '400.00',
          },
        })
      ).status,
    ).toBe(201);

    const edited = await editPlan(admin.accessToken, plan.id, {
      title: 'Winter wheat, more fields',
      totalSlots: 12,
      availableSlots: 12,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: 'Winter wheat, more fields',
      totalSlots: 12,
      availableSlots: 8,
    });

    const tooFew = await editPlan(admin.accessToken, plan.id, { totalSlots: 3 });
    expect(tooFew).toMatchObject({
      status: 400,
      body: { message: 'Total slots cannot be less than the 4 slots already sold' },
    });
    expect(
      (await client.ok(plansOperations.plans, { token: admin.accessToken })).find((p) => p.id === plan.id),
    ).toMatchObject({ totalSlots: 12, availableSlots: 8 });
    const exact = await editPlan(admin.accessToken, plan.id, { totalSlots: 4 });
    expect(exact.body).toMatchObject({ totalSlots: 4, availableSlots: 0 });
  });

  it('refuses to delete a plan with active investments; can-delete says why; an empty plan is deleted', async () => {
    const admin = await adminSession();
    const buyer = await verifiedInvestor('500', 'plans');
    const plan = await createPlan();
    for (const slotsPurchased of [1, 2])
      await client.call(plansOperations.invest, {
        token: buyer.accessToken,
        body: { planId: plan.id, ...(await acknowledgement(plan.id)), slotsPurchased },
      });
    const canDelete = (id: string) =>
      client.call(plansOperations.planDeletionCheck, { token: admin.accessToken, path: { id } });
    const remove = (id: string) =>
      client.call(plansOperations.deletePlan, { token: admin.accessToken, path: { id } });

    const check = await canDelete(plan.id);
    expect(check).toMatchObject({
      status: 200,
      body: { canDelete: false, reason: 'This plan has active investments', investmentCount: 2 },
    });
    const refused = await remove(plan.id);
    expect(refused).toMatchObject({
      status: 409,
      body: {
        code: 'PLAN_HAS_INVESTMENTS',
        message: 'This plan has active investments. Plan has 2 active investment(s).',
      },
    });
    expect(await planIds(admin.accessToken)).toContain(plan.id);

    const empty = await createPlan();
    expect((await canDelete(empty.id)).body).toEqual({
      canDelete: true,
      reason: null,
      investmentCount: 0,
    });
    expect(await remove(empty.id)).toMatchObject({
      status: 200,
      body: { deleted: true },
    });
    expect(await planIds(admin.accessToken)).not.toContain(empty.id);
    expect((await remove(empty.id)).status).toBe(404);
    expect((await editPlan(admin.accessToken, randomUUID())).status).toBe(404);
  });

  it('offers the default daily rate of the interest settings to a new plan form', async () => {
    const defaults = await client.call(plansOperations.planDefaults, {
      token: (await adminSession()).accessToken,
    });
    expect(defaults).toMatchObject({
      status: 200,
      body: {
        dailyInterestRate: '2.50',
        durationDays: 30,
        totalSlots: 100,
        isActive: true,
        minimumInvestment: '100.00000000',
        maximumInvestment: '10000.00000000',
      },
    });
  });
});

describe('access', () => {
  it('keeps investors and visitors out of every admin plan route, at the gateway and at the service', async () => {
    const someone = await registerInvestor();
    const plan = await createPlan();
    // Raw: one loop over operations of every shape, and each also sent to the service itself (not the gateway).
    const routes = [
      plansOperations.planDefaults,
      plansOperations.createPlan,
      plansOperations.updatePlan,
      plansOperations.deletePlan,
      plansOperations.planDeletionCheck,
      plansOperations.adminInvestments,
    ].map((operation: ApiOperation): [string, string] => [
      operation.method.toUpperCase(),
      operation.path.replace('{id}', plan.id),
    ]);
    for (const [method, path] of routes) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : planFields();
      const send = (token?: string) => client.raw(method, path, { token, body });
      expect([method, path, (await send(someone.accessToken)).status]).toEqual([method, path, 403]);
      expect([method, path, (await send()).status]).toEqual([method, path, 401]);
      // From the socket's own address, as every call of the service from inside the network comes.
      const direct = await client.raw(method, path, {
        token: someone.accessToken,
        body,
        ip: '',
        base: stack().services.plans,
      });
      expect([method, path, direct.status]).toEqual([method, path, 403]);
    }
    expect(
      (
        await client.call(plansOperations.planImageUploadTicket, {
          token: someone.accessToken,
          body: { imageURL: '/objects/plan-images/x' },
        })
      ).status,
    ).toBe(403);
    expect((await client.call(plansOperations.myInvestments)).status).toBe(401);
    // A forged token on the public list is refused, not treated as signed out.
    expect((await client.call(plansOperations.plans, { token: 'a.b.c' })).status).toBe(401);
    expect(await planIds()).toContain(plan.id);
  });
});
