// Operators and key information sheets (issue 25, item 6; decision 0092) with the gates on, as they are by
// default: a plan takes investments only with a complete sheet, and each investment names the version its
// investor acknowledged. The gates switched off are in settings.exclusive.test.ts (settings are global).
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { keyInformationOperations } from '@cropvest/contracts/plans/key-information-api';
import { identityOperations } from '@cropvest/contracts/identity/api';
import type { AuditAction } from '@cropvest/contracts/identity/audit';
import type { OperationBody } from '@cropvest/contracts/operation-call';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { adminSession, eventually, stackClient } from '../../../test/support/api.ts';
import { succeeded } from '../../../test/support/answers.ts';
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

const client = stackClient();

const auditRows = async (targetId: string, action: AuditAction, count: number) =>
  eventually(
    async () => {
      const logs = await client.call(identityOperations.auditLogs, {
        token: (await adminSession()).accessToken,
        query: { targetId, action },
      });
      return logs.ok && logs.body.items.length === count && logs.body.items;
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
    expect(
      (
        await client.call(keyInformationOperations.operator, {
          token: admin.accessToken,
          path: { id: created.id },
        })
      ).body,
    ).toEqual(created);

    const edited = await client.call(keyInformationOperations.updateOperator, {
      token: admin.accessToken,
      path: { id: created.id },
      body: {
        ...OPERATOR_FIELDS,
        name: 'Highland Coffee Growers Cooperative',
        pastSeasons: [
          { crop: 'Coffee', season: '2025', amountRaised: '1000', realisedReturnPercent: '-100' },
        ],
      },
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
    expect(editRow?.adminId).toBe(admin.user.id);
  });

  it('are listed by name one page at a time, with the total in X-Total-Count', async () => {
    const admin = await adminSession();
    await createOperator({ name: `aaa paging ${randomUUID()}` });
    await createOperator({ name: `aaa paging ${randomUUID()}` });
    const page = (number: number) =>
      client.call(keyInformationOperations.operators, {
        token: admin.accessToken,
        query: { page: number, pageSize: 1 },
      });
    const first = await page(1);
    const second = await page(2);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(1);
    expect(Number(first.headers.get('x-total-count'))).toBeGreaterThanOrEqual(2);
    const [[one], [two]] = [succeeded(first), succeeded(second)];
    expect(two!.id).not.toBe(one!.id);
    expect(one!.name.toLowerCase() <= two!.name.toLowerCase()).toBe(true);
  });

  it('refuse what is missing or out of range, and answer 404 for an unknown operator', async () => {
    const admin = await adminSession();
    const blank = await client.call(keyInformationOperations.createOperator, {
      token: admin.accessToken,
      body: { ...OPERATOR_FIELDS, name: ' ' },
    });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain('Name is required');
    const loss = await client.call(keyInformationOperations.createOperator, {
      token: admin.accessToken,
      body: {
        ...OPERATOR_FIELDS,
        pastSeasons: [{ crop: 'Tea', season: '2023', amountRaised: '10', realisedReturnPercent: '-100.01' }],
      },
    });
    expect(loss.status).toBe(400);
    expect(JSON.stringify(loss.body)).toContain('Realised return cannot be below -100 %');
    const unknown = { token: admin.accessToken, path: { id: randomUUID() } };
    expect((await client.call(keyInformationOperations.operator, unknown)).status).toBe(404);
    expect(
      (await client.call(keyInformationOperations.updateOperator, { ...unknown, body: OPERATOR_FIELDS }))
        .status,
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
    const bought = await client.call(plansOperations.invest, {
      token: investor.accessToken,
      body: { planId: plan.id, slotsPurchased: 1, ...(await acknowledgement(plan.id)) },
    });
    expect(bought.status).toBe(201);
    await simpleTerms(succeeded(bought, 201).id);
    const seasonsOf = async () =>
      client.ok(keyInformationOperations.operator, {
        token: (await adminSession()).accessToken,
        path: { id: operator.id },
      });
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
    const sheet = await client.ok(keyInformationOperations.keyInformation, { path: { id: plan.id } });
    expect(sheet.operator.platformSeasons).toEqual(platformSeasons);
  });
});

describe('key information sheets', () => {
  it('are versioned: each save is a new version, older ones stay readable and the database refuses to change one', async () => {
    const plan = await createPlan({ title: 'Versioned wheat' }, { keyInformation: false });
    expect(plan.keyInformation).toBeNull();
    const sheetOf = (version?: number) =>
      client.call(keyInformationOperations.keyInformation, { path: { id: plan.id }, query: { version } });
    const none = await sheetOf();
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
    const listed = (await client.ok(plansOperations.plans, { query: { active: 'true' } })).find(
      (p) => p.id === plan.id,
    );
    expect(listed?.keyInformation).toEqual({ version: 2, complete: true });

    // Public: an investor (or a visitor) reads the current version and the one they acknowledged earlier.
    expect((await sheetOf()).body).toEqual(complete);
    const older = await sheetOf(1);
    expect(older.body).toMatchObject({ version: 1, current: false, insurance: '', complete: false });
    expect((await sheetOf(3)).status).toBe(404);

    await expect(
      plansDb().raw(`UPDATE key_information_versions SET fees = 'none' WHERE plan_id = ?`, [plan.id]),
    ).rejects.toThrow(/immutable/);
    await expect(
      plansDb().raw(`DELETE FROM key_information_versions WHERE plan_id = ?`, [plan.id]),
    ).rejects.toThrow(/immutable/);
    const [row] = (await plansDb().raw(`SELECT operator_id FROM plans WHERE id = ?`, [plan.id])).rows;
    expect(row.operator_id).toBe(complete.operator.id);
    const admin = await adminSession();
    const versions = await client.call(keyInformationOperations.keyInformationVersions, {
      token: admin.accessToken,
      path: { id: plan.id },
      query: { pageSize: 1, page: 2 },
    });
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
    const publish = (
      planId: string,
      body: OperationBody<typeof keyInformationOperations.publishKeyInformation>,
    ) =>
      client.call(keyInformationOperations.publishKeyInformation, {
        token: admin.accessToken,
        path: { id: planId },
        body,
      });
    const noOperator = await publish(plan.id, { ...COMPLETE_KEY_INFORMATION, operatorId: randomUUID() });
    expect(noOperator.status).toBe(404);
    expect(noOperator.body).toMatchObject({ code: 'OPERATOR_NOT_FOUND', message: 'Operator not found' });
    const operator = await createOperator();
    const noPlan = await publish(randomUUID(), { ...COMPLETE_KEY_INFORMATION, operatorId: operator.id });
    expect(noPlan.status).toBe(404);
    const badArea = await publish(plan.id, {
      ...COMPLETE_KEY_INFORMATION,
      operatorId: operator.id,
      areaHectares: '-3',
    });
    expect(badArea.status).toBe(400);
    expect(JSON.stringify(badArea.body)).toContain('Area must be positive');
    // Raw: a version that is not a number, which the contract's query type cannot hold.
    const sheetPath = keyInformationOperations.keyInformation.path.replace('{id}', plan.id);
    expect((await client.raw('GET', `${sheetPath}?version=x`)).status).toBe(400);
    const versionsOfNone = await client.call(keyInformationOperations.keyInformationVersions, {
      token: admin.accessToken,
      path: { id: randomUUID() },
    });
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
    const buy = (extra: { keyInformationVersion?: number } = {}) =>
      client.call(plansOperations.invest, {
        token: investor.accessToken,
        body: { planId: plan.id, slotsPurchased: 1, ...extra },
      });

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
      await plansDb().raw(`SELECT key_information_version FROM investments WHERE id = ?`, [
        succeeded(bought, 201).id,
      ])
    ).rows;
    expect(recorded.key_information_version).toBe(2);
  });

  it('refuses a keyInformationVersion that is not a whole number from 1', async () => {
    const plan = await createPlan({ title: 'Typed wheat' });
    const investor = await verifiedInvestor('100', 'plans');
    for (const keyInformationVersion of ['2', 0, 1.5, null]) {
      // Raw: a version of a type the contract's request cannot hold ('2', null) or out of its range.
      const refused = await client.raw(
        plansOperations.invest.method.toUpperCase(),
        plansOperations.invest.path,
        {
          token: investor.accessToken,
          body: { planId: plan.id, slotsPurchased: 1, keyInformationVersion },
        },
      );
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('keyInformationVersion must');
    }
  });
});
