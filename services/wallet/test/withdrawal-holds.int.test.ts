// Holds on new withdrawals after a security change (issue 26, docs/decisions/0098).
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { withdrawalHoldOperations } from '@cropvest/contracts/wallet/withdrawal-holds-api';
import { eventually, stackClient, uniqueEmail, type Session } from '../../../test/support/api.ts';
import { eventHandled, publishRaw } from '../../../test/support/bus.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { linkToken, waitForMail } from '../../../test/support/mail.ts';
import { balances } from '../../../test/support/wallet.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { refused, TRON_ADDRESS } from './support.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

const PASSWORD = 'secret-pass-1';
const HOUR_MS = 3_600_000;

const client = stackClient();
const withdraw = (session: Session, amount: string) =>
  client.call(walletOperations.requestWithdrawal, {
    token: session.accessToken,
    body: { amount, walletAddress: TRON_ADDRESS },
  });

const holdOf = (session: Session) =>
  client.ok(withdrawalHoldOperations.myWithdrawalHold, { token: session.accessToken });
const changePassword = (session: Session) =>
  client.call(identityOperations.changePassword, {
    token: session.accessToken,
    body: { currentPassword: PASSWORD, newPassword: 'secret-pass-2' },
  });

/** Waits until the wallet has placed the hold identity's event asked for. */
const heldFor = (session: Session, reason: string) =>
  eventually(
    async () => {
      const hold = await holdOf(session);
      return hold.held && hold.reason === reason ? hold : undefined;
    },
    30_000,
    `a ${reason} hold`,
  );

describe('withdrawal holds after security changes', () => {
  it('a withdrawal made before a password change stands; one after it is refused, saying until when and why, and changes nothing', async () => {
    const investor = await verifiedInvestor('100', 'wallet');
    expect(await holdOf(investor)).toEqual({ held: false, until: null, reason: null, since: null });
    const before = succeeded(await withdraw(investor, '10'), 201);

    const changedAt = Date.now();
    const changed = await changePassword(investor);
    expect(changed.status).toBe(200);
    const hold = await heldFor(investor, 'password_changed');
    // The default 24 hours, from when the password changed (not from when the wallet heard of it).
    const until = new Date(hold.until as string).getTime();
    expect(until - new Date(hold.since as string).getTime()).toBe(24 * HOUR_MS);
    expect(Math.abs(new Date(hold.since as string).getTime() - changedAt)).toBeLessThan(30_000);

    const after = refused(await withdraw(investor, '10'), 409);
    expect(after.code).toBe('WITHDRAWAL_HOLD');
    const stamp = `${new Date(until).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    expect(after.message).toContain(`until ${stamp} because your password was changed`);

    // The first withdrawal is still pending and holds its amount; the refused one moved nothing.
    const mine = await client.call(walletOperations.myWithdrawals, { token: investor.accessToken });
    expect(mine.body).toHaveLength(1);
    expect(succeeded(mine)[0]).toMatchObject({ id: before.id, status: 'pending' });
    expect(await balances(investor.user.id)).toMatchObject({ available: '90.00000000', hold: '10.00000000' });
  });

  it('once the hold has ended, withdrawals are accepted again', async () => {
    const investor = await verifiedInvestor('50', 'wallet');
    await changePassword(investor);
    await heldFor(investor, 'password_changed');
    expect((await withdraw(investor, '5')).status).toBe(409);
    // A day later (the hold moved back in time rather than waiting for it).
    await serviceDb('wallet')('withdrawal_holds')
      .where({ user_id: investor.user.id })
      .update({ held_until: new Date(Date.now() - 1000) });
    expect(await holdOf(investor)).toMatchObject({ held: false });
    expect((await withdraw(investor, '5')).status).toBe(201);
  });

  it('an email change holds withdrawals', async () => {
    const investor = await verifiedInvestor('20', 'wallet');
    const newEmail = uniqueEmail('hold-moved');
    const asked = await client.call(identityOperations.requestEmailChange, {
      token: investor.accessToken,
      body: { newEmail, currentPassword: PASSWORD },
    });
    expect(asked.status).toBe(200);
    const mail = await waitForMail(newEmail, /Confirm your new/);
    const confirmed = await client.call(identityOperations.confirmEmailChange, {
      body: { token: linkToken(mail, 'confirm-email') },
    });
    expect(confirmed.status).toBe(200);
    await heldFor(investor, 'email_changed');
    const refusal = refused(await withdraw(investor, '5'), 409);
    expect(refusal.message).toContain('because the email address of your account was changed');
  });

  it('two-factor switched off holds withdrawals once, however often its event arrives; a sign-in alert holds nothing', async () => {
    const investor = await verifiedInvestor('20', 'wallet');
    const envelope = (kind: string) => ({
      id: randomUUID(),
      type: 'user.security_alert',
      occurredAt: new Date().toISOString(),
      source: 'tests',
      actorId: null,
      subjectId: investor.user.id,
      data: { userId: investor.user.id, kind, ipAddress: null, failures: null, lockedUntil: null },
      traceparent: null,
    });
    const signIn = envelope('new_sign_in');
    await publishRaw('user.security_alert', signIn);
    await eventHandled('wallet', 'wallet-user-security-alert', signIn.id);
    expect(await holdOf(investor)).toMatchObject({ held: false });

    const disabled = envelope('two_factor_disabled');
    await publishRaw('user.security_alert', disabled);
    await publishRaw('user.security_alert', disabled);
    await eventHandled('wallet', 'wallet-user-security-alert', disabled.id);
    await heldFor(investor, 'two_factor_disabled');
    expect(
      await serviceDb('wallet')('withdrawal_holds').where({ user_id: investor.user.id }).count({ n: '*' }),
    ).toEqual([{ n: 1 }]);
    expect((await withdraw(investor, '5')).body).toMatchObject({ code: 'WITHDRAWAL_HOLD' });
  });

  it('answers only the caller, and only signed in', async () => {
    expect((await client.call(withdrawalHoldOperations.myWithdrawalHold)).status).toBe(401);
  });
});
