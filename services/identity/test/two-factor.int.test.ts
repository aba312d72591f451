// Two-factor sign-in against the real stack (docs/decisions/0062-two-factor.md): enrolment, the second step,
// codes and recovery codes used once, challenges spent or expired, the second step's lock-out, turning it off.
import { afterAll, describe, expect, it } from '@jest/globals';
import { AuthResponse, ErrorBody, TwoFactorChallenge, type TwoFactorLoginRequest } from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { deviceCookieOf, registerInvestor, stackClient } from '../../../test/support/api.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { codeAt, enrolledInvestor } from '../../../test/support/identity.ts';

afterAll(closeConnections);

const client = stackClient();
const passwordStep = async (user: { user: { email: string }; password: string }) => {
  const first = await client.call(identityOperations.login, {
    device: deviceCookieOf(user.user.email),
    body: { email: user.user.email, password: user.password },
  });
  expect(first.status).toBe(200);
  if (!first.ok) throw new Error(`the password step was refused: ${first.body.message}`);
  return first.body;
};
/** The challenge the password step answered instead of a session. */
const challengeOf = (step: object): string => TwoFactorChallenge.parse(step).twoFactor.challengeToken;
/** The session the password step answered, two-factor being off. */
const sessionOf = (step: object): AuthResponse => AuthResponse.parse(step);
const secondStep = (body: TwoFactorLoginRequest) => client.call(identityOperations.loginTwoFactor, { body });
/** The error code of a refusal (none when the call succeeded). */
const codeOf = (answer: { ok: true } | { ok: false; body: ErrorBody }) =>
  answer.ok ? undefined : answer.body.code;
const status = (token: string) => client.call(identityOperations.twoFactorStatus, { token });
const confirmEnrolment = (token: string, code: string) =>
  client.call(identityOperations.confirmTwoFactorEnrolment, { token, body: { code } });
const disable = (token: string, body: { password: string; code: string }) =>
  client.call(identityOperations.disableTwoFactor, { token, body });

describe('enrolment', () => {
  it('stays off until a code confirms it; then ten recovery codes are answered once and the status says on', async () => {
    const user = await registerInvestor();
    const token = user.accessToken;
    const off = await status(token);
    expect(off.body).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    const { secret } = await client.ok(identityOperations.startTwoFactorEnrolment, { token });
    // Not on yet: signing in still answers a session.
    expect(sessionOf(await passwordStep(user)).accessToken).toEqual(expect.any(String));
    const wrong = await confirmEnrolment(token, codeAt(secret, 5));
    expect([wrong.status, codeOf(wrong)]).toEqual([400, 'INVALID_TWO_FACTOR_CODE']);
    const notDigits = await confirmEnrolment(token, '12ab56');
    expect(notDigits.status).toBe(400);
    const confirmed = await confirmEnrolment(token, codeAt(secret));
    expect(confirmed.status).toBe(200);
    if (!confirmed.ok) throw new Error(`the enrolment's code was refused: ${confirmed.body.message}`);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    const on = await status(token);
    expect(on.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // The secret is stored encrypted and the recovery codes hashed: neither appears in the rows.
    const row = await serviceDb('identity')('two_factor').where({ user_id: user.user.id }).first();
    expect(row.secret_encrypted).not.toContain(secret);
    const hashes = await serviceDb('identity')('two_factor_recovery_codes')
      .where({ user_id: user.user.id })
      .pluck('code_hash');
    for (const code of confirmed.body.recoveryCodes)
      expect(hashes.join()).not.toContain(code.replace('-', ''));
    // A second enrolment while on is refused; nothing is answered twice.
    const again = await client.call(identityOperations.startTwoFactorEnrolment, { token });
    expect([again.status, codeOf(again)]).toEqual([409, 'TWO_FACTOR_ALREADY_ON']);
  });
});

describe('sign-in with two-factor on', () => {
  it('answers a challenge, never a session, for the password; a wrong code is refused; a right one opens the session', async () => {
    const user = await enrolledInvestor();
    const first = await passwordStep(user);
    expect(first).toEqual({ twoFactor: expect.objectContaining({ required: 'code' }) });
    expect(first).not.toHaveProperty('accessToken');
    const challengeToken = challengeOf(first);
    // The challenge is no bearer token.
    expect((await client.call(identityOperations.me, { token: challengeToken })).status).toBe(401);
    const wrong = await secondStep({ challengeToken, code: codeAt(user.secret, 9) });
    expect([wrong.status, codeOf(wrong)]).toEqual([400, 'INVALID_TWO_FACTOR_CODE']);
    const right = await secondStep({ challengeToken, code: codeAt(user.secret, 1) });
    expect(right.status).toBe(200);
    if (!right.ok) throw new Error(`the right code was refused: ${right.body.message}`);
    expect((await client.ok(identityOperations.me, { token: right.body.accessToken })).id).toBe(user.user.id);
    // The challenge is spent: replaying it with a fresh code opens nothing.
    const replay = await secondStep({ challengeToken, code: codeAt(user.secret, 1) });
    expect([replay.status, codeOf(replay)]).toEqual([400, 'INVALID_CHALLENGE']);
  });

  it('takes a code once, even within its window', async () => {
    const user = await enrolledInvestor();
    const code = codeAt(user.secret, 1);
    const first = await passwordStep(user);
    expect((await secondStep({ challengeToken: challengeOf(first), code })).status).toBe(200);
    const second = await passwordStep(user);
    const reused = await secondStep({ challengeToken: challengeOf(second), code });
    expect([reused.status, codeOf(reused)]).toEqual([400, 'TWO_FACTOR_CODE_USED']);
    // The code the enrolment used (an older step) is refused too.
    const older = await secondStep({ challengeToken: challengeOf(second), code: codeAt(user.secret) });
    expect(older.status).toBe(400);
  });

  it('takes each recovery code once, in any case and with or without the dash', async () => {
    const user = await enrolledInvestor();
    const recoveryCode = user.recoveryCodes[0] as string;
    const first = await passwordStep(user);
    const used = await secondStep({
      challengeToken: challengeOf(first),
      recoveryCode: recoveryCode.replace('-', '').toUpperCase(),
    });
    expect(used.status).toBe(200);
    if (!used.ok) throw new Error(`the recovery code was refused: ${used.body.message}`);
    const second = await passwordStep(user);
    const twice = await secondStep({ challengeToken: challengeOf(second), recoveryCode });
    expect([twice.status, codeOf(twice)]).toEqual([400, 'INVALID_TWO_FACTOR_CODE']);
    const left = await status(used.body.accessToken);
    expect(left.ok && left.body.recoveryCodesLeft).toBe(9);
  });

  it('refuses an expired challenge and one nobody was given alike', async () => {
    const user = await enrolledInvestor();
    const first = await passwordStep(user);
    await serviceDb('identity')('two_factor_challenges')
      .where({ user_id: user.user.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await secondStep({ challengeToken: challengeOf(first), code: codeAt(user.secret, 1) });
    expect([expired.status, codeOf(expired)]).toEqual([400, 'INVALID_CHALLENGE']);
    const unknown = await secondStep({ challengeToken: 'no-such-challenge', code: '123456' });
    const [unknownError, expiredError] = [ErrorBody.parse(unknown.body), ErrorBody.parse(expired.body)];
    expect([unknown.status, unknownError.code, unknownError.message]).toEqual([
      400,
      expiredError.code,
      expiredError.message,
    ]);
    // The expired try did not use the code: a new challenge takes it.
    const fresh = await passwordStep(user);
    expect(
      (await secondStep({ challengeToken: challengeOf(fresh), code: codeAt(user.secret, 1) })).status,
    ).toBe(200);
  });

  it('locks the second step after maxLoginAttempts wrong codes: even the right code is refused and the challenge is spent', async () => {
    const user = await enrolledInvestor();
    const first = await passwordStep(user);
    const token = challengeOf(first);
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
      challengeToken: challengeOf(again),
      code: codeAt(user.secret, 1),
    });
    expect([stillLocked.status, codeOf(stillLocked)]).toEqual([429, 'TWO_FACTOR_LOCKED']);
    expect(Number(stillLocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('turning it off and new recovery codes', () => {
  it('needs the password and a current code; then sign-in answers a session again', async () => {
    const user = await enrolledInvestor();
    const token = user.accessToken;
    const wrongPassword = await disable(token, {
      password: 'not-the-password',
      code: codeAt(user.secret, 1),
    });
    expect([wrongPassword.status, codeOf(wrongPassword)]).toEqual([400, 'WRONG_PASSWORD']);
    const wrongCode = await disable(token, { password: user.password, code: codeAt(user.secret, 7) });
    expect([wrongCode.status, codeOf(wrongCode)]).toEqual([400, 'INVALID_TWO_FACTOR_CODE']);
    // Raw: a body without the code the contract requires.
    const noCode = await client.raw('POST', identityOperations.disableTwoFactor.path, {
      token,
      body: { password: user.password },
    });
    expect(noCode.status).toBe(400);
    expect((await client.ok(identityOperations.twoFactorStatus, { token })).enabled).toBe(true);
    const off = await disable(token, { password: user.password, code: codeAt(user.secret, 1) });
    expect(off.status).toBe(200);
    expect((await client.ok(identityOperations.twoFactorStatus, { token })).enabled).toBe(false);
    expect(sessionOf(await passwordStep(user)).accessToken).toEqual(expect.any(String));
  });

  it('makes ten new recovery codes for a current code; the old ones stop working', async () => {
    const user = await enrolledInvestor();
    const renewed = await client.call(identityOperations.regenerateRecoveryCodes, {
      token: user.accessToken,
      body: { code: codeAt(user.secret, 1) },
    });
    expect(renewed.status).toBe(200);
    if (!renewed.ok) throw new Error(`new recovery codes were refused: ${renewed.body.message}`);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    const first = await passwordStep(user);
    const old = await secondStep({
      challengeToken: challengeOf(first),
      recoveryCode: user.recoveryCodes[0]!,
    });
    expect(old.status).toBe(400);
    const fresh = await secondStep({
      challengeToken: challengeOf(first),
      recoveryCode: renewed.body.recoveryCodes[0]!,
    });
    expect(fresh.status).toBe(200);
  });

  it('refuses the account calls without a token', async () => {
    expect((await client.call(identityOperations.twoFactorStatus)).status).toBe(401);
    expect((await client.call(identityOperations.startTwoFactorEnrolment)).status).toBe(401);
  });
});
