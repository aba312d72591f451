// Two-factor sign-in against the real stack (docs/decisions/0062-two-factor.md): enrolment, the second step,
// codes and recovery codes used once, challenges spent or expired, the second step's lock-out, turning it off.
import { afterAll, describe, expect, it } from '@jest/globals';
import { api, call, deviceCookieOf, freshIp, registerInvestor } from '../../../test/support/api.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { codeAt, enrolledInvestor } from '../../../test/support/identity.ts';

afterAll(closeConnections);

const passwordStep = async (user: { user: { email: string }; password: string }, ip = freshIp()) => {
  const first = await call('POST', '/api/auth/login', {
    ip,
    device: deviceCookieOf(user.user.email),
    body: { email: user.user.email, password: user.password },
  });
  expect(first.status).toBe(200);
  return first.body as { twoFactor: { challengeToken: string; required: string }; accessToken?: string };
};
const secondStep = (body: object, ip = freshIp()) => call('POST', '/api/auth/login/two-factor', { ip, body });

describe('enrolment', () => {
  it('stays off until a code confirms it; then ten recovery codes are answered once and the status says on', async () => {
    const user = await registerInvestor();
    const off = await api('GET', '/api/auth/two-factor', user.accessToken);
    expect(off.body).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    const enrolment = await api('POST', '/api/auth/two-factor/enrolment', user.accessToken);
    // Not on yet: signing in still answers a session.
    expect((await passwordStep(user)).accessToken).toEqual(expect.any(String));
    const wrong = await api('POST', '/api/auth/two-factor/enrolment/confirm', user.accessToken, {
      code: codeAt(enrolment.body.secret, 5),
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'INVALID_TWO_FACTOR_CODE']);
    const notDigits = await api('POST', '/api/auth/two-factor/enrolment/confirm', user.accessToken, {
      code: '12ab56',
    });
    expect(notDigits.status).toBe(400);
    const confirmed = await api('POST', '/api/auth/two-factor/enrolment/confirm', user.accessToken, {
      code: codeAt(enrolment.body.secret),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    const on = await api('GET', '/api/auth/two-factor', user.accessToken);
    expect(on.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // The secret is stored encrypted and the recovery codes hashed: neither appears in the rows.
    const row = await serviceDb('identity')('two_factor').where({ user_id: user.user.id }).first();
    expect(row.secret_encrypted).not.toContain(enrolment.body.secret);
    const hashes = await serviceDb('identity')('two_factor_recovery_codes')
      .where({ user_id: user.user.id })
      .pluck('code_hash');
    for (const code of confirmed.body.recoveryCodes as string[])
      expect(hashes.join()).not.toContain(code.replace('-', ''));
    // A second enrolment while on is refused; nothing is answered twice.
    const again = await api('POST', '/api/auth/two-factor/enrolment', user.accessToken);
    expect([again.status, again.body.code]).toEqual([409, 'TWO_FACTOR_ALREADY_ON']);
  });
});

describe('sign-in with two-factor on', () => {
  it('answers a challenge, never a session, for the password; a wrong code is refused; a right one opens the session', async () => {
    const user = await enrolledInvestor();
    const first = await passwordStep(user);
    expect(first).toEqual({ twoFactor: expect.objectContaining({ required: 'code' }) });
    expect(first.accessToken).toBeUndefined();
    // The challenge is no bearer token.
    expect((await api('GET', '/api/auth/me', first.twoFactor.challengeToken)).status).toBe(401);
    const wrong = await secondStep({
      challengeToken: first.twoFactor.challengeToken,
      code: codeAt(user.secret, 9),
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'INVALID_TWO_FACTOR_CODE']);
    const right = await secondStep({
      challengeToken: first.twoFactor.challengeToken,
      code: codeAt(user.secret, 1),
    });
    expect(right.status).toBe(200);
    expect((await api('GET', '/api/auth/me', right.body.accessToken)).body.id).toBe(user.user.id);
    // The challenge is spent: replaying it with a fresh code opens nothing.
    const replay = await secondStep({
      challengeToken: first.twoFactor.challengeToken,
      code: codeAt(user.secret, 1),
    });
    expect([replay.status, replay.body.code]).toEqual([400, 'INVALID_CHALLENGE']);
  });

  it('takes a code once, even within its window', async () => {
    const user = await enrolledInvestor();
    const code = codeAt(user.secret, 1);
    const first = await passwordStep(user);
    expect((await secondStep({ challengeToken: first.twoFactor.challengeToken, code })).status).toBe(200);
    const second = await passwordStep(user);
    const reused = await secondStep({ challengeToken: second.twoFactor.challengeToken, code });
    expect([reused.status, reused.body.code]).toEqual([400, 'TWO_FACTOR_CODE_USED']);
    // The code the enrolment used (an older step) is refused too.
    const older = await secondStep({
      challengeToken: second.twoFactor.challengeToken,
      code: codeAt(user.secret),
    });
    expect(older.status).toBe(400);
  });

  it('takes each recovery code once, in any case and with or without the dash', async () => {
    const user = await enrolledInvestor();
    const recoveryCode = user.recoveryCodes[0] as string;
    const first = await passwordStep(user);
    const used = await secondStep({
      challengeToken: first.twoFactor.challengeToken,
      recoveryCode: recoveryCode.replace('-', '').toUpperCase(),
    });
    expect(used.status).toBe(200);
    const second = await passwordStep(user);
    const twice = await secondStep({ challengeToken: second.twoFactor.challengeToken, recoveryCode });
    expect([twice.status, twice.body.code]).toEqual([400, 'INVALID_TWO_FACTOR_CODE']);
    const left = await api('GET', '/api/auth/two-factor', used.body.accessToken);
    expect(left.body.recoveryCodesLeft).toBe(9);
  });

  it('refuses an expired challenge and one nobody was given alike', async () => {
    const user = await enrolledInvestor();
    const first = await passwordStep(user);
    await serviceDb('identity')('two_factor_challenges')
      .where({ user_id: user.user.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await secondStep({
      challengeToken: first.twoFactor.challengeToken,
      code: codeAt(user.secret, 1),
    });
    expect([expired.status, expired.body.code]).toEqual([400, 'INVALID_CHALLENGE']);
    const unknown = await secondStep({ challengeToken: 'no-such-challenge', code: '123456' });
    expect([unknown.status, unknown.body.code, unknown.body.message]).toEqual([
      400,
      expired.body.code,
      expired.body.message,
    ]);
    // The expired try did not use the code: a new challenge takes it.
    const fresh = await passwordStep(user);
    expect(
      (await secondStep({ challengeToken: fresh.twoFactor.challengeToken, code: codeAt(user.secret, 1) }))
        .status,
    ).toBe(200);
  });

  it('locks the second step after maxLoginAttempts wrong codes: even the right code is refused and the challenge is spent', async () => {
    const user = await enrolledInvestor();
    const first = await passwordStep(user);
    const token = first.twoFactor.challengeToken;
    const answers: number[] = [];
    // Five wrong codes (the default maxLoginAttempts), each from another IP: the count is the account's.
    for (let attempt = 0; attempt < 5; attempt++)
      answers.push(
        (await secondStep({ challengeToken: token, code: codeAt(user.secret, 10 + attempt) })).status,
      );
    expect(answers).toEqual([400, 400, 400, 400, 429]);
    const locked = await secondStep({ challengeToken: token, code: codeAt(user.secret, 1) });
    expect(locked.status).toBe(400);
    const again = await passwordStep(user);
    const stillLocked = await secondStep({
      challengeToken: again.twoFactor.challengeToken,
      code: codeAt(user.secret, 1),
    });
    expect([stillLocked.status, stillLocked.body.code]).toEqual([429, 'TWO_FACTOR_LOCKED']);
    expect(Number(stillLocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('turning it off and new recovery codes', () => {
  it('needs the password and a current code; then sign-in answers a session again', async () => {
    const user = await enrolledInvestor();
    const wrongPassword = await api('POST', '/api/auth/two-factor/disable', user.accessToken, {
      password: 'not-the-password',
      code: codeAt(user.secret, 1),
    });
    expect([wrongPassword.status, wrongPassword.body.code]).toEqual([400, 'WRONG_PASSWORD']);
    const wrongCode = await api('POST', '/api/auth/two-factor/disable', user.accessToken, {
      password: user.password,
      code: codeAt(user.secret, 7),
    });
    expect([wrongCode.status, wrongCode.body.code]).toEqual([400, 'INVALID_TWO_FACTOR_CODE']);
    const noCode = await api('POST', '/api/auth/two-factor/disable', user.accessToken, {
      password: user.password,
    });
    expect(noCode.status).toBe(400);
    expect((await api('GET', '/api/auth/two-factor', user.accessToken)).body.enabled).toBe(true);
    const off = await api('POST', '/api/auth/two-factor/disable', user.accessToken, {
      password: user.password,
      code: codeAt(user.secret, 1),
    });
    expect(off.status).toBe(200);
    expect((await api('GET', '/api/auth/two-factor', user.accessToken)).body.enabled).toBe(false);
    expect((await passwordStep(user)).accessToken).toEqual(expect.any(String));
  });

  it('makes ten new recovery codes for a current code; the old ones stop working', async () => {
    const user = await enrolledInvestor();
    const renewed = await api('POST', '/api/auth/two-factor/recovery-codes', user.accessToken, {
      code: codeAt(user.secret, 1),
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    const first = await passwordStep(user);
    const old = await secondStep({
      challengeToken: first.twoFactor.challengeToken,
      recoveryCode: user.recoveryCodes[0],
    });
    expect(old.status).toBe(400);
    const fresh = await secondStep({
      challengeToken: first.twoFactor.challengeToken,
      recoveryCode: renewed.body.recoveryCodes[0],
    });
    expect(fresh.status).toBe(200);
  });

  it('refuses the account calls without a token', async () => {
    expect((await call('GET', '/api/auth/two-factor', { ip: freshIp() })).status).toBe(401);
    expect((await call('POST', '/api/auth/two-factor/enrolment', { ip: freshIp() })).status).toBe(401);
  });
});
