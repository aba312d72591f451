// Platform-wide settings the plans service enforces from `settings.updated`: the KYC gate of investing and
// the minimum and maximum investment; the default daily rate a new plan form starts with. Exclusive: these
// switches would disturb the parallel suites.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { identityOperations } from '@cropvest/contracts/identity/api';
import type { OperationBody } from '@cropvest/contracts/operation-call';
import { plansOperations } from '@cropvest/contracts/plans/api';
import {
  adminSession,
  eventually,
  registerInvestor,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { answerSuitability, approveKycByEvent, verifiedInvestor } from '../../../test/support/kyc.ts';
import { balances, fund } from '../../../test/support/wallet.ts';
import {
  accrualsOf,
  createPlan,
  expectedAccruals,
  isoDay,
  plansDb,
  runAccrueCommand,
  shiftBack,
} from './support.ts';
import { acknowledgement } from '../../../test/support/key-information.ts';

jest.setTimeout(120_000);

async function save(body: OperationBody<typeof identityOperations.updateAdminSettings>): Promise<void> {
  const result = await stackClient().call(identityOperations.updateAdminSettings, {
    token: (await adminSession()).accessToken,
    body,
  });
  if (result.status !== 200)
    throw new Error(`settings save failed: ${result.status} ${JSON.stringify(result.body)}`);
}

/**
 * Waits until the plans service holds these gate values (from `settings.updated`): a gate is probed with real
 * purchases only then, so no probe buys while it is still open.
 */
const reached = (gates: Record<string, boolean>) =>
  eventually(
    async () => {
      const rows: { key: string; value: boolean }[] = (
        await plansDb().raw('SELECT key, value FROM settings WHERE key = ANY(?)', [Object.keys(gates)])
      ).rows;
      return Object.entries(gates).every(
        ([key, value]) => rows.find((row) => row.key === key)?.value === value,
      );
    },
    15_000,
    `${Object.keys(gates).join(', ')} in the plans service`,
  );

afterAll(async () => {
  await save({
    section: 'security',
    settings: {
      requireKycForInvesting: true,
      requireSuitabilityCheck: true,
      requireKeyInformation: true,
      requireKeyInformationAcknowledgement: true,
    },
  });
  await save({
    section: 'interest',
    settings: {
      defaultDailyRate: 2.5,
      minimumInvestment: 100,
      maximumInvestment: 10000,
      autoCompoundInterest: true,
    },
  });
  await closeConnections();
});

const client = stackClient();
/** The default daily rate a new plan form starts with, once the plans service answers it. */
const defaultRate = async () => {
  const defaults = await client.call(plansOperations.planDefaults, {
    token: (await adminSession()).accessToken,
  });
  return defaults.ok ? defaults.body.dailyInterestRate : undefined;
};
/** `buyer` asks for `slotsPurchased` slots of the plan, its key information acknowledged: the typed answer. */
const buy = async (buyer: Session, planId: string, slotsPurchased: number) =>
  client.call(plansOperations.invest, {
    token: buyer.accessToken,
    body: { planId, ...(await acknowledgement(planId)), slotsPurchased },
  });

describe('settings that bound investing', () => {
  it('takes the spec call (no acknowledgement) for a plan without a sheet while both key information gates are off, and gates it again when they are on', async () => {
    const buyer = await verifiedInvestor('300', 'plans');
    const plan = await createPlan({ title: 'Ungated wheat' }, { keyInformation: false });
    const specCall = () =>
      client.call(plansOperations.invest, {
        token: buyer.accessToken,
        body: { planId: plan.id, slotsPurchased: 1, principal: '100' },
      });
    expect((await specCall()).body).toMatchObject({ code: 'KEY_INFORMATION_INCOMPLETE' });

    await save({
      section: 'security',
      settings: { requireKeyInformation: false, requireKeyInformationAcknowledgement: false },
    });
    await reached({ requireKeyInformation: false, requireKeyInformationAcknowledgement: false });
    const bought = await specCall();
    expect(bought.status).toBe(201);
    expect(bought.body).toMatchObject({ planId: plan.id, slotsPurchased: 1, principal: '100.00000000' });
    const [recorded] = (
      await plansDb().raw(`SELECT key_information_version FROM investments WHERE id = ?`, [
        succeeded(bought, 201).id,
      ])
    ).rows;
    expect(recorded.key_information_version).toBeNull();

    // Only the acknowledgement gate on: a plan without a sheet has nothing to acknowledge.
    await save({ section: 'security', settings: { requireKeyInformationAcknowledgement: true } });
    await reached({ requireKeyInformation: false, requireKeyInformationAcknowledgement: true });
    expect((await specCall()).body).toMatchObject({
      code: 'KEY_INFORMATION_MISSING',
      message: 'This plan has no key information sheet to acknowledge yet',
    });
    await save({ section: 'security', settings: { requireKeyInformation: true } });
    await reached({ requireKeyInformation: true, requireKeyInformationAcknowledgement: true });
    expect((await specCall()).body).toMatchObject({ code: 'KEY_INFORMATION_INCOMPLETE' });
    expect(await balances(buyer.user.id)).toMatchObject({
      available: '200.00000000',
      invested: '100.00000000',
    });
  });

  it('lets investors without suitability answers buy with the spec call while requireSuitabilityCheck is off, and asks for them again when it is on', async () => {
    // verifiedInvestor answers the questions; a fresh investor without answers is what the gate is about.
    const buyer = await verifiedInvestor('300', 'plans');
    const fresh = await registerInvestor();
    await fund(fresh, '300');
    await approveKycByEvent(fresh.user.id, 'plans');
    const plan = await createPlan();
    const acknowledged = await acknowledgement(plan.id);
    const buy = (session: Session) =>
      client.call(plansOperations.invest, {
        token: session.accessToken,
        body: { planId: plan.id, ...acknowledged, slotsPurchased: 1 },
      });
    expect((await buy(fresh)).body).toMatchObject({ code: 'SUITABILITY_REQUIRED' });
    await save({ section: 'security', settings: { requireSuitabilityCheck: false } });
    await reached({ requireSuitabilityCheck: false });
    expect((await buy(fresh)).status).toBe(201);
    const row = await plansDb()('investments').where({ user_id: fresh.user.id }).first();
    expect(row).toMatchObject({ suitability_answers_id: null, loss_warning: null });
    await save({ section: 'security', settings: { requireSuitabilityCheck: true } });
    await reached({ requireSuitabilityCheck: true });
    expect((await buy(fresh)).body).toMatchObject({ code: 'SUITABILITY_REQUIRED' });
    expect((await buy(buyer)).status).toBe(201);
    expect(await balances(fresh.user.id)).toMatchObject({
      available: '200.00000000',
      invested: '100.00000000',
    });
  });

  it('lets investors without KYC buy while requireKycForInvesting is off, and stops them again when it is on', async () => {
    const buyer = await registerInvestor();
    await fund(buyer, '300');
    await answerSuitability(buyer);
    const plan = await createPlan();
    expect((await buy(buyer, plan.id, 1)).status).toBe(403);
    // The KYC rule comes before the slots rule: asking for too many slots probes the gate without buying.
    const probe = async () => (await buy(buyer, plan.id, 1000)).status;
    await save({ section: 'security', settings: { requireKycForInvesting: false } });
    await eventually(async () => (await probe()) === 400, 15_000, 'the KYC gate to open');
    expect((await buy(buyer, plan.id, 1)).status).toBe(201);
    await save({ section: 'security', settings: { requireKycForInvesting: true } });
    await eventually(async () => (await probe()) === 403, 15_000, 'the KYC gate to close');
    expect((await buy(buyer, plan.id, 1)).status).toBe(403);
    expect(await balances(buyer.user.id)).toMatchObject({
      available: '200.00000000',
      invested: '100.00000000',
    });
  });

  it('bounds the principal by the minimum and maximum investment, and starts new plan forms at the default rate', async () => {
    await save({
      section: 'interest',
      settings: { defaultDailyRate: '1.75', minimumInvestment: '50', maximumInvestment: '300' },
    });
    const admin = await adminSession();
    await eventually(async () => (await defaultRate()) === '1.75', 15_000, 'the new default rate');
    expect(
      (await client.call(plansOperations.planDefaults, { token: admin.accessToken })).body,
    ).toMatchObject({
      minimumInvestment: '50.00000000',
      maximumInvestment: '300.00000000',
    });

    const buyer = await verifiedInvestor('1000', 'plans');
    const plan = await createPlan({ minSlotPrice: '40' });
    expect(await buy(buyer, plan.id, 1)).toMatchObject({
      status: 400,
      body: { message: 'Minimum investment is 50.00 USDT' },
    });
    expect(await buy(buyer, plan.id, 8)).toMatchObject({
      status: 400,
      body: { message: 'Maximum investment is 300.00 USDT' },
    });
    expect((await buy(buyer, plan.id, 2)).status).toBe(201);
    expect((await buy(buyer, plan.id, 7)).status).toBe(201);
    expect(await balances(buyer.user.id)).toMatchObject({
      available: '640.00000000',
      invested: '360.00000000',
    });
  });

  it('fixes the terms of each purchase when bought: one before switching Auto compound interest off compounds, one after earns simple interest, and each accrues by its own terms', async () => {
    const defaultsShow = (rate: string) =>
      eventually(
        async () => (await defaultRate()) === rate,
        15_000,
        `the plans service to see the interest section saved with default rate ${rate}`,
      );
    // The default rate moves in the same event as the switch: when it shows, the switch has arrived too.
    await save({
      section: 'interest',
      settings: {
        autoCompoundInterest: true,
        defaultDailyRate: '2.51',
        minimumInvestment: '100',
        maximumInvestment: '10000',
      },
    });
    await defaultsShow('2.51');
    const plan = await createPlan({
      minSlotPrice: '500',
      dailyInterestRate: '0.85',
      startDate: isoDay(0),
      endDate: isoDay(7),
    });
    const early = await verifiedInvestor('500', 'plans');
    const before = await buy(early, plan.id, 1);
    expect(before).toMatchObject({ status: 201, body: { compoundInterest: true, interestRate: '0.85' } });

    await save({ section: 'interest', settings: { autoCompoundInterest: false, defaultDailyRate: '2.52' } });
    await defaultsShow('2.52');
    const late = await verifiedInvestor('500', 'plans');
    const after = await buy(late, plan.id, 1);
    expect(after).toMatchObject({ status: 201, body: { compoundInterest: false, interestRate: '0.85' } });

    // Switching back on changes neither.
    await save({ section: 'interest', settings: { autoCompoundInterest: true, defaultDailyRate: '2.53' } });
    await defaultsShow('2.53');
    await shiftBack(plan.id, 9);
    expect((await runAccrueCommand()).code).toBe(0);
    const compound = expectedAccruals('500', '0.85', 7, true);
    const simple = expectedAccruals('500', '0.85', 7, false);
    expect((await accrualsOf(succeeded(before, 201).id)).map((r) => r.amount)).toEqual(compound.amounts);
    expect((await accrualsOf(succeeded(after, 201).id)).map((r) => r.amount)).toEqual(simple.amounts);
    const listed = async (token: string) => (await client.ok(plansOperations.myInvestments, { token }))[0];
    expect(await listed(early.accessToken)).toMatchObject({
      compoundInterest: true,
      interestEarned: compound.total,
    });
    expect(await listed(late.accessToken)).toMatchObject({
      compoundInterest: false,
      interestEarned: simple.total,
    });
  });
});
