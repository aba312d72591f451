import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { adminSession, api, call, eventually, registerInvestor, stack } from '../../../test/support/api.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { createPlan, isoDay, planFields } from './support.ts';
import { acknowledgement } from '../../../test/support/key-information.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

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
    const result = await api(
      'POST',
      '/api/admin/plans',
      admin.accessToken,
      planFields({ ...mine, ...override }),
    );
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message);
    const plans = (await api('GET', '/api/plans', admin.accessToken)).body as {
      title: string;
      description: string;
    }[];
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
    await api(
      'PUT',
      `/api/admin/plans/${plan.id}`,
      admin.accessToken,
      planFields({ title: 'Audited soy, edited' }),
    );
    await api('DELETE', `/api/admin/plans/${plan.id}`, admin.accessToken);
    for (const action of ['plan_create', 'plan_edit', 'plan_delete']) {
      await eventually(
        async () => {
          const logs = await api(
            'GET',
            `/api/admin/audit-logs?targetId=${plan.id}&action=${action}`,
            admin.accessToken,
          );
          return logs.body.items?.length === 1 && logs.body.items[0].adminId === admin.user.id;
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
    const anonymous = await api('GET', '/api/plans?active=true');
    expect(anonymous.status).toBe(200);
    const ids = anonymous.body.map((p: { id: string }) => p.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(ended.id);
    const viaInvestor = await api('GET', '/api/plans', (await registerInvestor()).accessToken);
    expect(viaInvestor.body.map((p: { id: string }) => p.id)).not.toContain(inactive.id);
    const all = (await api('GET', '/api/plans', admin.accessToken)).body.map((p: { id: string }) => p.id);
    expect(all).toEqual(expect.arrayContaining([open.id, inactive.id, ended.id]));
    const adminActive = (await api('GET', '/api/plans?active=true', admin.accessToken)).body.map(
      (p: { id: string }) => p.id,
    );
    expect(adminActive).not.toContain(inactive.id);
  });

  it('keeps available slots when editing, and refuses a total below the slots sold', async () => {
    const admin = await adminSession();
    const buyer = await verifiedInvestor('1000', 'plans');
    const plan = await createPlan({ totalSlots: 10 });
    expect(
      (
        await api('POST', '/api/investments', buyer.accessToken, {
          planId: plan.id,
          ...(await acknowledgement(plan.id)),
          slotsPurchased: 4,
          principal: '400.00',
        })
      ).status,
    ).toBe(201);

    const edited = await api(
      'PUT',
      `/api/admin/plans/${plan.id}`,
      admin.accessToken,
      planFields({ title: 'Winter wheat, more fields', totalSlots: 12, availableSlots: 12 }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: 'Winter wheat, more fields',
      totalSlots: 12,
      availableSlots: 8,
    });

    const tooFew = await api(
      'PUT',
      `/api/admin/plans/${plan.id}`,
      admin.accessToken,
      planFields({ totalSlots: 3 }),
    );
    expect(tooFew).toMatchObject({
      status: 400,
      body: { message: 'Total slots cannot be less than the 4 slots already sold' },
    });
    expect(
      (await api('GET', '/api/plans', admin.accessToken)).body.find((p: { id: string }) => p.id === plan.id),
    ).toMatchObject({ totalSlots: 12, availableSlots: 8 });
    const exact = await api(
      'PUT',
      `/api/admin/plans/${plan.id}`,
      admin.accessToken,
      planFields({ totalSlots: 4 }),
    );
    expect(exact.body).toMatchObject({ totalSlots: 4, availableSlots: 0 });
  });

  it('refuses to delete a plan with active investments; can-delete says why; an empty plan is deleted', async () => {
    const admin = await adminSession();
    const buyer = await verifiedInvestor('500', 'plans');
    const plan = await createPlan();
    await api('POST', '/api/investments', buyer.accessToken, {
      planId: plan.id,
      ...(await acknowledgement(plan.id)),
      slotsPurchased: 1,
    });
    await api('POST', '/api/investments', buyer.accessToken, {
      planId: plan.id,
      ...(await acknowledgement(plan.id)),
      slotsPurchased: 2,
    });

    const check = await api('GET', `/api/admin/plans/${plan.id}/can-delete`, admin.accessToken);
    expect(check).toMatchObject({
      status: 200,
      body: { canDelete: false, reason: 'This plan has active investments', investmentCount: 2 },
    });
    const refused = await api('DELETE', `/api/admin/plans/${plan.id}`, admin.accessToken);
    expect(refused).toMatchObject({
      status: 409,
      body: {
        code: 'PLAN_HAS_INVESTMENTS',
        message: 'This plan has active investments. Plan has 2 active investment(s).',
      },
    });
    expect(
      (await api('GET', '/api/plans', admin.accessToken)).body.map((p: { id: string }) => p.id),
    ).toContain(plan.id);

    const empty = await createPlan();
    expect((await api('GET', `/api/admin/plans/${empty.id}/can-delete`, admin.accessToken)).body).toEqual({
      canDelete: true,
      reason: null,
      investmentCount: 0,
    });
    expect(await api('DELETE', `/api/admin/plans/${empty.id}`, admin.accessToken)).toMatchObject({
      status: 200,
      body: { deleted: true },
    });
    expect(
      (await api('GET', '/api/plans', admin.accessToken)).body.map((p: { id: string }) => p.id),
    ).not.toContain(empty.id);
    expect((await api('DELETE', `/api/admin/plans/${empty.id}`, admin.accessToken)).status).toBe(404);
    expect(
      (await api('PUT', `/api/admin/plans/${randomUUID()}`, admin.accessToken, planFields())).status,
    ).toBe(404);
  });

  it('offers the default daily rate of the interest settings to a new plan form', async () => {
    const defaults = await api('GET', '/api/admin/plans/defaults', (await adminSession()).accessToken);
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
    const routes: [string, string][] = [
      ['GET', '/api/admin/plans/defaults'],
      ['POST', '/api/admin/plans'],
      ['PUT', `/api/admin/plans/${plan.id}`],
      ['DELETE', `/api/admin/plans/${plan.id}`],
      ['GET', `/api/admin/plans/${plan.id}/can-delete`],
      ['GET', '/api/admin/investments'],
    ];
    for (const [method, path] of routes) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : planFields();
      expect([method, path, (await api(method, path, someone.accessToken, body)).status]).toEqual([
        method,
        path,
        403,
      ]);
      expect([method, path, (await api(method, path, undefined, body)).status]).toEqual([method, path, 401]);
      const direct = await call(method, path, {
        token: someone.accessToken,
        body,
        base: stack().services.plans,
      });
      expect([method, path, direct.status]).toEqual([method, path, 403]);
    }
    expect(
      (await api('PUT', '/api/plan-images', someone.accessToken, { imageURL: '/objects/plan-images/x' }))
        .status,
    ).toBe(403);
    expect((await api('GET', '/api/investments')).status).toBe(401);
    // A forged token on the public list is refused, not treated as signed out.
    expect((await api('GET', '/api/plans', 'a.b.c')).status).toBe(401);
    expect(
      (await api('GET', '/api/plans', undefined)).body.find((p: { id: string }) => p.id === plan.id),
    ).toBeDefined();
  });
});
