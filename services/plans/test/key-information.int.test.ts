// Operators and key information sheets (issue 25, item 6; decision 0092) with the gates on, as they are by
// default: a plan takes investments only with a complete sheet, and each investment names the version its
// investor acknowledged. The gates switched off are in settings.exclusive.test.ts (settings are global).
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { adminSession, api, eventually } from '../../../test/support/api.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import {
  COMPLETE_KEY_INFORMATION,
  OPERATOR_FIELDS,
  acknowledgement,
  createOperator,
  publishKeyInformation,
} from '../../../test/support/key-information.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { balances } from '../../../test/support/wallet.ts';
import { createPlan, isoDay, plansDb, runAccrueCommand, shiftBack, simpleTerms } from './support.ts';
import { recordProceeds } from '../../../test/support/funding.ts';

jest.setTimeout(120_000);
afterAll(closeConnections);

const auditRows = async (targetId: string, action: string, count: number) =>
  eventually(
    async () => {
      const logs = await api(
        'GET',
        `/api/admin/audit-logs?targetId=${targetId}&action=${action}`,
        (await adminSession()).accessToken,
      );
      return logs.body.items?.length === count && logs.body.items;
    },
    10_000,
    `${count} ${action} audit rows`,
  );

describe('operators', () => {
  it('are recorded with their past seasons, read back, edited (seasons replaced) and audited', async () => {
    const admin = await adminSession();
    const created = await createOperator({ name: '  Highland Coffee Growers  ' });
    expect(created).toMatchObject({
      name: 'Highland Coffee Growers',
      country: 'Kenya',
      pastSeasons: [
        {
          crop: 'Maize',
          season: '2024 long rains',
          amountRaised: '42000.00000000',
          realisedReturnPercent: '6.40',
        },
        {
          crop: 'Maize',
          season: '2025 long rains',
          amountRaised: '51000.00000000',
          realisedReturnPercent: '-12.50',
        },
      ],
    });
    expect((await api('GET', `/api/admin/operators/${created.id}`, admin.accessToken)).body).toEqual(created);

    const edited = await api('PUT', `/api/admin/operators/${created.id}`, admin.accessToken, {
      ...OPERATOR_FIELDS,
      name: 'Highland Coffee Growers Cooperative',
      pastSeasons: [{ crop: 'Coffee', season: '2025', amountRaised: '1000', realisedReturnPercent: '-100' }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: created.id,
      name: 'Highland Coffee Growers Cooperative',
      pastSeasons: [
        { crop: 'Coffee', season: '2025', amountRaised: '1000.00000000', realisedReturnPercent: '-100.00' },
      ],
    });
    await auditRows(created.id, 'operator_create', 1);
    const [editRow] = await auditRows(created.id, 'operator_edit', 1);
    expect(editRow.adminId).toBe(admin.user.id);
  });

  it('are listed by name one page at a time, with the total in X-Total-Count', async () => {
    const admin = await adminSession();
    await createOperator({ name: `aaa paging ${randomUUID()}` });
    await createOperator({ name: `aaa paging ${randomUUID()}` });
    const first = await api('GET', '/api/admin/operators?page=1&pageSize=1', admin.accessToken);
    const second = await api('GET', '/api/admin/operators?page=2&pageSize=1', admin.accessToken);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(1);
    expect(Number(first.headers.get('x-total-count'))).toBeGreaterThanOrEqual(2);
    expect(second.body[0].id).not.toBe(first.body[0].id);
    expect(first.body[0].name.toLowerCase() <= second.body[0].name.toLowerCase()).toBe(true);
  });

  it('refuse what is missing or out of range, and answer 404 for an unknown operator', async () => {
    const admin = await adminSession();
    const blank = await api('POST', '/api/admin/operators', admin.accessToken, {
      ...OPERATOR_FIELDS,
      name: ' ',
    });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain('Name is required');
    const loss = await api('POST', '/api/admin/operators', admin.accessToken, {
      ...OPERATOR_FIELDS,
      pastSeasons: [{ crop: 'Tea', season: '2023', amountRaised: '10', realisedReturnPercent: '-100.01' }],
    });
    expect(loss.status).toBe(400);
    expect(JSON.stringify(loss.body)).toContain('Realised return cannot be below -100 %');
    expect((await api('GET', `/api/admin/operators/${randomUUID()}`, admin.accessToken)).status).toBe(404);
    expect(
      (await api('PUT', `/api/admin/operators/${randomUUID()}`, admin.accessToken, OPERATOR_FIELDS)).status,
    ).toBe(404);
  });
});

describe("an operator's seasons on the platform", () => {
  it('are its harvested plans, with the principal raised and the return investors realised, computed not typed', async () => {
    const operator = await createOperator({ name: 'Rift Valley Growers' });
    const plan = await createPlan(
      {
        title: 'Rift Valley Sorghum',
        minSlotPrice: '1000',
        dailyInterestRate: '0.10',
        startDate: isoDay(0),
        endDate: isoDay(10),
      },
      { keyInformation: false },
    );
    await publishKeyInformation(plan.id, { operatorId: operator.id });
    const investor = await verifiedInvestor('1000', 'plans');
    const bought = await api('POST', '/api/investments', investor.accessToken, {
      planId: plan.id,
      slotsPurchased: 1,
      ...(await acknowledgement(plan.id)),
    });
    expect(bought.status).toBe(201);
    await simpleTerms(bought.body.id);
    const seasonsOf = async () => {
      const read = await api(
        'GET',
        `/api/admin/operators/${operator.id}`,
        (await adminSession()).accessToken,
      );
      return read.body as { pastSeasons: unknown[]; platformSeasons: unknown[] };
    };
    // A plan still growing is no season yet.
    expect(await seasonsOf()).toMatchObject({
      pastSeasons: operator.pastSeasons,
      platformSeasons: [],
    });

    await shiftBack(plan.id, 12);
    await recordProceeds(plan.id, '1010');
    expect((await runAccrueCommand()).code).toBe(0);
    // Ten days at 0.10 % a day on 1000, simple: 10 paid on 1000 raised, 1.00 %.
    const { platformSeasons } = await seasonsOf();
    expect(platformSeasons).toEqual([
      {
        crop: 'Rift Valley Sorghum',
        season: expect.stringMatching(/^[A-Z][a-z]{2} \d{4} – [A-Z][a-z]{2} \d{4}$/),
        amountRaised: '1000.00000000',
        realisedReturnPercent: '1.00',
      },
    ]);
    // The sheet investors read shows the same operator.
    const sheet = await api('GET', `/api/plans/${plan.id}/key-information`);
    expect(sheet.body.operator.platformSeasons).toEqual(platformSeasons);
  });
});

describe('key information sheets', () => {
  it('are versioned: each save is a new version, older ones stay readable and the database refuses to change one', async () => {
    const plan = await createPlan({ title: 'Versioned wheat' }, { keyInformation: false });
    expect(plan.keyInformation).toBeNull();
    const none = await api('GET', `/api/plans/${plan.id}/key-information`);
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: 'KEY_INFORMATION_NOT_FOUND' });

    const draft = await publishKeyInformation(plan.id, { insurance: '', areaHectares: null });
    expect(draft).toMatchObject({
      version: 1,
      current: true,
      complete: false,
      missing: ['areaHectares', 'insurance'],
    });
    const complete = await publishKeyInformation(plan.id);
    expect(complete).toMatchObject({
      version: 2,
      current: true,
      complete: true,
      missing: [],
      areaHectares: '120.00',
    });
    expect(complete.operator.pastSeasons).toHaveLength(2);
    // Browse Plans knows which version to link to and whether the plan can take investments.
    const listed = (await api('GET', '/api/plans?active=true')).body.find(
      (p: { id: string }) => p.id === plan.id,
    );
    expect(listed.keyInformation).toEqual({ version: 2, complete: true });

    // Public: an investor (or a visitor) reads the current version and the one they acknowledged earlier.
    expect((await api('GET', `/api/plans/${plan.id}/key-information`)).body).toEqual(complete);
    const older = await api('GET', `/api/plans/${plan.id}/key-information?version=1`);
    expect(older.body).toMatchObject({ version: 1, current: false, insurance: '', complete: false });
    expect((await api('GET', `/api/plans/${plan.id}/key-information?version=3`)).status).toBe(404);

    await expect(
      plansDb().raw(`UPDATE key_information_versions SET fees = 'none' WHERE plan_id = ?`, [plan.id]),
    ).rejects.toThrow(/immutable/);
    await expect(
      plansDb().raw(`DELETE FROM key_information_versions WHERE plan_id = ?`, [plan.id]),
    ).rejects.toThrow(/immutable/);
    const [row] = (await plansDb().raw(`SELECT operator_id FROM plans WHERE id = ?`, [plan.id])).rows;
    expect(row.operator_id).toBe(complete.operator.id);
    const admin = await adminSession();
    const versions = await api(
      'GET',
      `/api/admin/plans/${plan.id}/key-information/versions?pageSize=1&page=2`,
      admin.accessToken,
    );
    expect(versions.status).toBe(200);
    expect(versions.headers.get('x-total-count')).toBe('2');
    // The admin's list says who published each version (the sheet investors read does not).
    expect(versions.body).toEqual([
      { ...older.body, publishedBy: { id: admin.user.id, name: admin.user.name } },
    ]);
    expect(older.body).not.toHaveProperty('publishedBy');
    await auditRows(plan.id, 'key_information_publish', 2);
  });

  it('refuses an unknown operator, an unknown plan and a malformed section', async () => {
    const admin = await adminSession();
    const plan = await createPlan({ title: 'Refusing wheat' }, { keyInformation: false });
    const noOperator = await api('PUT', `/api/admin/plans/${plan.id}/key-information`, admin.accessToken, {
      ...COMPLETE_KEY_INFORMATION,
      operatorId: randomUUID(),
    });
    expect(noOperator.status).toBe(404);
    expect(noOperator.body).toMatchObject({ code: 'OPERATOR_NOT_FOUND', message: 'Operator not found' });
    const operator = await createOperator();
    const noPlan = await api('PUT', `/api/admin/plans/${randomUUID()}/key-information`, admin.accessToken, {
      ...COMPLETE_KEY_INFORMATION,
      operatorId: operator.id,
    });
    expect(noPlan.status).toBe(404);
    const badArea = await api('PUT', `/api/admin/plans/${plan.id}/key-information`, admin.accessToken, {
      ...COMPLETE_KEY_INFORMATION,
      operatorId: operator.id,
      areaHectares: '-3',
    });
    expect(badArea.status).toBe(400);
    expect(JSON.stringify(badArea.body)).toContain('Area must be positive');
    expect((await api('GET', `/api/plans/${plan.id}/key-information?version=x`)).status).toBe(400);
    const versionsOfNone = await api(
      'GET',
      `/api/admin/plans/${randomUUID()}/key-information/versions`,
      admin.accessToken,
    );
    expect(versionsOfNone.status).toBe(404);
  });
});

describe('investing with the key information gates on (the default)', () => {
  it('refuses a plan without a complete sheet, a purchase without acknowledgement or with a stale version, and records the acknowledged version', async () => {
    const plan = await createPlan(
      { title: 'Gated wheat', minSlotPrice: '100', totalSlots: 10 },
      { keyInformation: false },
    );
    const investor = await verifiedInvestor('500', 'plans');
    const buy = (extra: Record<string, unknown> = {}) =>
      api('POST', '/api/investments', investor.accessToken, { planId: plan.id, slotsPurchased: 1, ...extra });

    const incomplete = {
      status: 409,
      body: {
        code: 'KEY_INFORMATION_INCOMPLETE',
        message: 'This plan is not taking investments until its key information sheet is complete',
      },
    };
    expect(await buy()).toMatchObject(incomplete);
    await publishKeyInformation(plan.id, { fees: '' });
    expect(await buy({ keyInformationVersion: 1 })).toMatchObject(incomplete);

    await publishKeyInformation(plan.id);
    expect(await buy()).toMatchObject({
      status: 400,
      body: {
        code: 'KEY_INFORMATION_NOT_ACKNOWLEDGED',
        message: "Please read and acknowledge the plan's key information sheet (version 2) before investing",
      },
    });
    expect(await buy({ keyInformationVersion: 1 })).toMatchObject({
      status: 409,
      body: {
        code: 'KEY_INFORMATION_CHANGED',
        message:
          'The key information sheet has changed (now version 2); please read it again and acknowledge the new version',
      },
    });
    // Nothing moved while refused.
    expect((await balances(investor.user.id)).available).toBe('500.00000000');
    const [before] = (await plansDb().raw(`SELECT available_slots FROM plans WHERE id = ?`, [plan.id])).rows;
    expect(before.available_slots).toBe(10);

    const bought = await buy(await acknowledgement(plan.id));
    expect(bought.status).toBe(201);
    const [recorded] = (
      await plansDb().raw(`SELECT key_information_version FROM investments WHERE id = ?`, [bought.body.id])
    ).rows;
    expect(recorded.key_information_version).toBe(2);
  });

  it('refuses a keyInformationVersion that is not a whole number from 1', async () => {
    const plan = await createPlan({ title: 'Typed wheat' });
    const investor = await verifiedInvestor('100', 'plans');
    for (const keyInformationVersion of ['2', 0, 1.5, null]) {
      const refused = await api('POST', '/api/investments', investor.accessToken, {
        planId: plan.id,
        slotsPurchased: 1,
        keyInformationVersion,
      });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('keyInformationVersion must');
    }
  });
});
