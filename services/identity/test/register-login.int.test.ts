import { describe, expect, it } from '@jest/globals';
import { ErrorBody } from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import {
  deviceCookieOf,
  login,
  registerInvestor,
  stack,
  stackClient,
  uniqueEmail,
} from '../../../test/support/api.ts';

const client = stackClient();

/** A refusal's error body; a raw answer is narrowed by the contract's schema. */
const errorOf = (answer: { body: unknown }): ErrorBody => ErrorBody.parse(answer.body);

describe('registration', () => {
  const register = (body: { name: string; email: string; password: string }) =>
    client.call(identityOperations.register, { body });
  // Raw: these bodies break the contract on purpose (missing, extra or mistyped fields, not an object).
  const registerRaw = (body: unknown) => client.raw('POST', identityOperations.register.path, { body });

  it('creates an investor, signs them in and returns the public user', async () => {
    const email = uniqueEmail('reg');
    const result = await register({
      name: '  Ada Lovelace ',
      email: `  ${email.toUpperCase()} `,
      password: 'secret1',
    });
    expect(result.status).toBe(201);
    if (!result.ok) throw new Error(`registration refused: ${result.body.message}`);
    expect(result.body.user).toMatchObject({
      name: 'Ada Lovelace',
      email,
      role: 'investor',
      balance: '0.00000000',
      isBanned: false,
      kycStatus: 'incomplete',
    });
    expect(result.body.user).not.toHaveProperty('passwordHash');
    expect(result.body.accessToken).toMatch(/^ey/);
    expect(result.body.refreshToken.length).toBeGreaterThan(30);
    const me = await client.ok(identityOperations.me, { token: result.body.accessToken });
    expect(me.email).toBe(email);
  });

  it.each([
    [{ name: 'A', email: 'a@example.com', password: 'secret1' }, 'Name must be at least 2 characters'],
    [{ name: 'Ada', email: 'not-an-email', password: 'secret1' }, 'Please enter a valid email address'],
    [{ name: 'Ada', email: 'a@example.com', password: '12345' }, 'Password must be at least 6 characters'],
    [{ email: 'a@example.com', password: 'secret1' }, 'Name is required'],
    [{ name: 'Ada', email: 'a@example.com' }, 'Password is required'],
    [{ name: 'Ada', email: 'a@example.com', password: 'secret1', role: 'admin' }, 'Unknown field: role'],
    [{ name: 'Ada', email: 'a@example.com', password: 'secret1', balance: '1000' }, 'Unknown field: balance'],
    [
      { name: 'Ada', email: 'a@example.com', password: 'secret1', isBanned: false },
      'Unknown field: isBanned',
    ],
    [{ name: 12, email: 'a@example.com', password: 'secret1' }, 'Name must be text'],
    [{ name: 'Ada', password: 'secret1' }, 'Email is required'],
  ])('refuses %j with "%s"', async (body, message) => {
    const result = await registerRaw(body);
    expect(result.status).toBe(400);
    expect(errorOf(result).message).toBe(message);
    expect(errorOf(result).code).toBe('VALIDATION_FAILED');
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const email = uniqueEmail('dup');
    expect((await register({ name: 'First', email, password: 'secret1' })).status).toBe(201);
    const second = await register({ name: 'Second', email: email.toUpperCase(), password: 'secret1' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      message: 'An account with this email already exists',
      code: 'EMAIL_TAKEN',
    });
  });

  it('answers malformed JSON, a non-object body and an oversized body with a 4xx JSON error', async () => {
    // Raw: bodies no contract describes (broken JSON, an array, too large, not JSON at all).
    const path = identityOperations.register.path;
    const malformed = await client.raw('POST', path, { rawBody: '{"name": "x",' });
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed).message).toBe('Request body is not valid JSON');
    const array = await registerRaw([1, 2]);
    expect(array.status).toBe(400);
    const huge = await client.raw('POST', path, {
      rawBody: JSON.stringify({ name: 'x'.repeat(2_000_000), email: 'a@b.co', password: 'secret1' }),
    });
    expect(huge.status).toBe(413);
    expect(errorOf(huge).code).toBe('PAYLOAD_TOO_LARGE');
    const text = await client.raw('POST', path, {
      rawBody: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });
});

describe('sign-in', () => {
  const attempt = (body: { email: string; password: string }) =>
    client.call(identityOperations.login, { body });
  // Raw: these bodies break the contract on purpose (a field missing).
  const attemptRaw = (body: unknown) => client.raw('POST', identityOperations.login.path, { body });

  it('signs in with the right password and records lastLoginAt', async () => {
    const user = await registerInvestor();
    const session = await login(user.user.email, user.password);
    const me = await client.ok(identityOperations.me, { token: session.accessToken });
    expect(me.lastLoginAt).not.toBeNull();
  });

  it.each([
    [{ email: 'nope', password: 'secret1' }, 400, 'Please enter a valid email address'],
    [{ email: 'a@example.com', password: '123' }, 400, 'Password must be at least 6 characters'],
    [{ email: 'a@example.com' }, 400, 'Password is required'],
  ])('validates %j', async (body, status, message) => {
    const result = await attemptRaw(body);
    expect(result.status).toBe(status);
    expect(errorOf(result).message).toBe(message);
  });

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const user = await registerInvestor();
    const wrong = await attempt({ email: user.user.email, password: 'wrong-password' });
    const unknown = await attempt({ email: uniqueEmail('ghost'), password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(errorOf(wrong).message).toBe('Invalid email or password');
    expect(errorOf(unknown).message).toBe('Invalid email or password');
  });

  it('the seeded admin can sign in', async () => {
    const result = await client.call(identityOperations.login, {
      device: deviceCookieOf(stack().adminEmail),
      body: { email: stack().adminEmail, password: stack().adminPassword },
    });
    expect(result.status).toBe(200);
    if (!result.ok) throw new Error(`the admin's sign-in refused: ${result.body.message}`);
    expect('user' in result.body && result.body.user.role).toBe('admin');
  });
});
