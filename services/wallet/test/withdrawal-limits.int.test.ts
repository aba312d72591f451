import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DEFAULT_SETTINGS, type WithdrawalLimitSettings } from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import type { OperationBody } from '@cropvest/contracts/operation-call';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { withdrawalLimitOperations } from '@cropvest/contracts/wallet/withdrawal-limits-api';
import {
  adminSession,
  eventually,
  registerInvestor,
  secondAdminSession,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { waitForMail } from '../../../test/support/mail.ts';
import { balances } from '../../../test/support/wallet.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { refused, TRON_ADDRESS } from './support.ts';

// The integration project's testTimeout is not applied per project by jest 30; the machine is shared.
jest.setTimeout(90_000);
afterAll(closeConnections);

// The default limits of docs/decisions/0099 (no suite changes them: a settings change is platform-wide).
const { verifiedDaily, verifiedMonthly, unverifiedDaily } = DEFAULT_SETTINGS.withdrawalLimits;

const client = stackClient();
const withdraw = (investor: Session, amount: string) =>
  client.call(walletOperations.requestWithdrawal, {
    token: investor.accessToken,
    body: { amount, walletAddress: TRON_ADDRESS },
  });
const limitsOf = (investor: Session) =>
  client.ok(withdrawalLimitOperations.myWithdrawalLimits, { token: investor.accessToken });
type RaiseRequest = OperationBody<typeof withdrawalLimitOperations.raiseWithdrawalLimits>;
const raiseFor = (session: Session, investor: Session, body: RaiseRequest) =>
  client.call(withdrawalLimitOperations.raiseWithdrawalLimits, {
    token: session.accessToken,
    path: { id: investor.user.id },
    body,
  });

let admin: Session;
let second: Session;
beforeAll(async () => {
  [admin, second] = await Promise.all([adminSession(), secondAdminSession()]);
});

/** The admin user page's view of the investor, once the wallet's directory knows them. */
const adminView = (investor: Session) =>
  eventually(
    async () => {
      const view = await client.call(withdrawalLimitOperations.userWithdrawalLimits, {
        token: admin.accessToken,
        path: { id: investor.user.id },
      });
      return view.ok && view.status === 200 ? view.body : null;
    },
    15_000,
    'the investor in the wallet directory',
  );

describe('withdrawal limits', () => {
  it("an investor reads their KYC level's limits, what pending and approved withdrawals used and what remains", async () => {
    const unverified = await registerInvestor();
    expect(await limitsOf(unverified)).toEqual({
      kycLevel: 'unverified',
      raised: false,
      day: {
        window: 'day',
        hours: 24,
        limit: '1000.00000000',
        used: '0.00000000',
        remaining: '1000.00000000',
      },
      month: {
        window: 'month',
        hours: 720,
        limit: '3000.00000000',
        used: '0.00000000',
        remaining: '3000.00000000',
      },
    });
    expect(unverifiedDaily).toBe('1000.00');

    const investor = await verifiedInvestor('500', 'wallet');
    expect((await withdraw(investor, '120')).status).toBe(201);
    const rejected = succeeded(await withdraw(investor, '80'), 201);
    const rejection = await client.call(walletOperations.reviewWithdrawal, {
      token: admin.accessToken,
      path: { id: rejected.id },
      body: { status: 'rejected', rejectionReason: 'Limits check' },
    });
    expect(rejection.status).toBe(200);
    // The rejected one no longer counts.
    expect(await limitsOf(investor)).toMatchObject({
      kycLevel: 'verified',
      day: { limit: '25000.00000000', used: '120.00000000', remaining: '24880.00000000' },
      month: { limit: '100000.00000000', used: '120.00000000', remaining: '99880.00000000' },
    });
    expect([verifiedDaily, verifiedMonthly]).toEqual(['25000.00', '100000.00']);
    expect((await client.call(withdrawalLimitOperations.myWithdrawalLimits)).status).toBe(401);
  });

  it('a request over what remains is refused with the remaining amount in each window and changes nothing', async () => {
    const investor = await verifiedInvestor('30000', 'wallet');
    expect((await withdraw(investor, '20000')).status).toBe(201);
    const refused = await withdraw(investor, '5000.01');
    expect(refused).toMatchObject({
      status: 409,
      body: {
        code: 'WITHDRAWAL_LIMIT',
        message:
          'This withdrawal is over your withdrawal limit: 5000.00 USDT remains of your 24-hour limit and 80000.00 USDT of your 30-day limit.',
        issues: [{ path: 'amount', message: expect.stringContaining('5000.00 USDT remains') }],
      },
    });
    expect(await balances(investor.user.id)).toMatchObject({
      available: '10000.00000000',
      hold: '20000.00000000',
    });
    expect(
      (await client.call(walletOperations.myWithdrawals, { token: investor.accessToken })).body,
    ).toHaveLength(1);
    // What remains exactly still fits; more than the balance is refused for the balance, as before.
    expect((await withdraw(investor, '5000')).status).toBe(201);
    expect(await withdraw(investor, '5000.01')).toMatchObject({
      status: 400,
      body: { message: 'Insufficient balance' },
    });
  });

  it('two withdrawals at once that each fit but together exceed the limit: exactly one is accepted', async () => {
    const investor = await verifiedInvestor('40000', 'wallet');
    const outcomes = await Promise.all([withdraw(investor, '15000'), withdraw(investor, '15000')]);
    expect(outcomes.map((o) => o.status).sort()).toEqual([201, 409]);
    const [refusal] = outcomes.filter((o) => o.status === 409).map((o) => refused(o, 409));
    expect(refusal?.message).toContain('10000.00 USDT remains of your 24-hour limit');
    expect(await balances(investor.user.id)).toMatchObject({
      available: '25000.00000000',
      hold: '15000.00000000',
    });
    expect((await limitsOf(investor)).day.remaining).toBe('10000.00000000');
  });

  it('an admin raises one investor’s limits with a reason: below the threshold at once, audited', async () => {
    const investor = await verifiedInvestor('1', 'wallet');
    await adminView(investor);
    const raised = await raiseFor(admin, investor, {
      dailyLimit: '30000',
      monthlyLimit: '100000',
      reason: '  Known payer, harvest proceeds  ',
    });
    expect(raised).toMatchObject({
      status: 201,
      body: {
        status: 'applied',
        requiresSecondApproval: false,
        dailyLimit: '30000.00000000',
        previousDailyLimit: '25000.00000000',
        reason: 'Known payer, harvest proceeds',
        requestedBy: admin.user.id,
        reviewedBy: admin.user.id,
      },
    });
    expect(await limitsOf(investor)).toMatchObject({ raised: true, day: { limit: '30000.00000000' } });
    // The investor is told, like of every change to the account's protection (issue 26 item 8).
    const notice = await waitForMail(investor.user.email, /Your withdrawal limits were raised/);
    expect(notice.body).toContain('30000.00 USDT in 24 hours and 100000.00 USDT in 30 days');
    const audit = await serviceDb('wallet')('outbox')
      .where({ type: 'audit.recorded' })
      .whereRaw(`envelope->'data'->>'targetId' = ?`, [investor.user.id])
      .whereRaw(`envelope->'data'->>'action' LIKE 'withdrawal_limit%'`)
      .select('envelope');
    expect(audit.map((row: { envelope: { data: unknown } }) => row.envelope.data)).toEqual([
      expect.objectContaining({
        adminId: admin.user.id,
        action: 'withdrawal_limit_raise',
        details: expect.objectContaining({
          from: { dailyLimit: '25000.00000000', monthlyLimit: '100000.00000000' },
          to: { dailyLimit: '30000.00000000', monthlyLimit: '100000.00000000' },
          reason: 'Known payer, harvest proceeds',
        }),
      }),
    ]);
    // A "raise" that lowers a window or lifts none is refused and changes nothing.
    for (const body of [
      { dailyLimit: '29999', monthlyLimit: '200000', reason: 'Lower the day' },
      { dailyLimit: '30000', monthlyLimit: '100000', reason: 'The same' },
    ])
      expect(await raiseFor(admin, investor, body)).toMatchObject({
        status: 409,
        body: { code: 'NOT_A_RAISE' },
      });
    const dayAboveMonth = { dailyLimit: '60000', monthlyLimit: '50000', reason: 'Day above month' };
    expect((await raiseFor(admin, investor, dayAboveMonth)).status).toBe(400);
  });

  it('at or above the threshold a raise waits for a different admin; a rejection applies nothing', async () => {
    const investor = await verifiedInvestor('1', 'wallet');
    await adminView(investor);
    const raise = (session: Session, dailyLimit: string) =>
      raiseFor(session, investor, { dailyLimit, monthlyLimit: '100000', reason: 'Large harvest payout' });
    const review = (
      session: Session,
      id: string,
      body: OperationBody<typeof withdrawalLimitOperations.reviewWithdrawalLimitRaise>,
    ) =>
      client.call(withdrawalLimitOperations.reviewWithdrawalLimitRaise, {
        token: session.accessToken,
        path: { id },
        body,
      });

    // Each raise lifts the day by more than 20,000 USDT: admin-desk's suite raises the threshold to 20,000 for a
    // moment while this one runs beside it, and a raise must wait for a second admin under either threshold.
    const held = succeeded(await raise(admin, '50000'), 201);
    expect(held).toMatchObject({ status: 'awaiting_second_approval', requiresSecondApproval: true });
    expect((await limitsOf(investor)).day.limit).toBe('25000.00000000');
    expect((await raise(second, '51000')).body).toMatchObject({ code: 'RAISE_PENDING' });
    expect(await review(admin, held.id, { status: 'approved' })).toMatchObject({
      status: 409,
      body: { code: 'SAME_APPROVER' },
    });
    const view = await adminView(investor);
    expect(view.raises[0]).toMatchObject({ id: held.id, status: 'awaiting_second_approval' });
    const approved = await review(second, held.id, { status: 'approved' });
    expect(approved.body).toMatchObject({ status: 'applied', reviewedBy: second.user.id });
    expect(await limitsOf(investor)).toMatchObject({ raised: true, day: { limit: '50000.00000000' } });
    expect((await review(second, held.id, { status: 'rejected' })).body).toMatchObject({
      code: 'ALREADY_REVIEWED',
    });

    const rejected = succeeded(await raise(admin, '80000'), 201);
    expect(
      (await review(admin, rejected.id, { status: 'rejected', rejectionReason: 'No evidence' })).body,
    ).toMatchObject({ status: 'rejected', rejectionReason: 'No evidence' });
    expect((await limitsOf(investor)).day.limit).toBe('50000.00000000');
  });

  it('admin calls need an admin and a known investor', async () => {
    const investor = await registerInvestor();
    const limitsFor = (token: string, id: string) =>
      client.call(withdrawalLimitOperations.userWithdrawalLimits, { token, path: { id } });
    expect((await limitsFor(investor.accessToken, investor.user.id)).status).toBe(403);
    expect(await limitsFor(admin.accessToken, randomUUID())).toMatchObject({
      status: 404,
      body: { code: 'INVESTOR_NOT_FOUND' },
    });
    expect(
      await client.call(withdrawalLimitOperations.reviewWithdrawalLimitRaise, {
        token: admin.accessToken,
        path: { id: randomUUID() },
        body: { status: 'approved' },
      }),
    ).toMatchObject({ status: 404, body: { code: 'RAISE_NOT_FOUND' } });
  });

  it('settings: the section is validated as a whole, and a save reaches the wallet', async () => {
    const save = (settings: Partial<WithdrawalLimitSettings>) =>
      client.call(identityOperations.updateAdminSettings, {
        token: admin.accessToken,
        body: { section: 'withdrawalLimits', settings },
      });
    expect(await save({ unverifiedDaily: '3000.01' })).toMatchObject({
      status: 400,
      body: { message: 'A 24-hour limit must not be above the 30-day limit of its level' },
    });
    expect((await save({ verifiedDaily: '-1' })).status).toBe(400);
    // Saving the values it has changes nothing for other suites, and still reaches the wallet.
    const saved = succeeded(await save(DEFAULT_SETTINGS.withdrawalLimits));
    expect(saved.withdrawalLimits).toEqual(DEFAULT_SETTINGS.withdrawalLimits);
    await eventually(
      async () =>
        (await serviceDb('wallet')('settings_projection').where({ key: 'withdrawalLimits' }).first())?.value
          ?.verifiedDaily === verifiedDaily,
      15_000,
      'the limits in the wallet',
    );
  });
});
