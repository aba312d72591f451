import { describe, expect, it } from '@jest/globals';
import { z } from '@cropvest/contracts';
import { BaseServiceConfig, busCredentials, ConfigError, loadConfig } from '../src/config.ts';
import { AppError, errorBody, NotFoundError, ValidationError } from '../src/errors.ts';
import { parseInput } from '../src/validate.ts';

const goodEnv = {
  PORT: '8101',
  DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
  NATS_URL: 'nats://127.0.0.1:4222',
};

describe('config', () => {
  it('parses and defaults', () => {
    const config = loadConfig(BaseServiceConfig, goodEnv);
    expect(config).toMatchObject({
      PORT: 8101,
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      DATABASE_POOL_MAX: 10,
      TRUSTED_PROXY_HOPS: 1,
    });
  });

  it('stops with a message naming each bad or missing variable', () => {
    const attempt = () =>
      loadConfig(BaseServiceConfig, { ...goodEnv, PORT: 'eighty', DATABASE_URL: undefined });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT: /);
    expect(attempt).toThrow(/DATABASE_URL \(not set\)/);
  });
});

describe('NATS credentials (docs/decisions/0050-bus-permissions.md)', () => {
  const password = 'n0123456789abcdef0123456789abcdef';

  it("connect as the process's own user, named after it unless NATS_USER says otherwise", () => {
    const config = loadConfig(BaseServiceConfig, { ...goodEnv, NATS_PASSWORD: password });
    expect(busCredentials(config, 'wallet')).toEqual({ user: 'wallet', password });
    expect(busCredentials({ ...config, NATS_USER: 'wallet-eu' }, 'wallet')).toEqual({
      user: 'wallet-eu',
      password,
    });
  });

  it('refuses to connect anonymously in production, and a user without a password anywhere', () => {
    const production = loadConfig(BaseServiceConfig, { ...goodEnv, NODE_ENV: 'production' });
    expect(() => busCredentials(production, 'wallet')).toThrow(/NATS_PASSWORD is required in production/);
    const development = loadConfig(BaseServiceConfig, goodEnv);
    expect(busCredentials(development, 'wallet')).toEqual({});
    expect(() => busCredentials({ ...development, NATS_USER: 'wallet' }, 'wallet')).toThrow(
      'NATS_USER is set but NATS_PASSWORD is not',
    );
  });

  it.each(['0123456789abcdef0123', 'short1', 'has#comment0123456', 'has space 0123456789', 'true'])(
    'refuses a password nats-server would read as something else: %s',
    (bad) => {
      expect(() => loadConfig(BaseServiceConfig, { ...goodEnv, NATS_PASSWORD: bad })).toThrow(
        /NATS_PASSWORD: /,
      );
    },
  );
});

describe('error mapping', () => {
  it('gives known errors their status, code and message', () => {
    expect(errorBody(new NotFoundError('Deposit not found'))).toEqual({
      status: 404,
      body: { message: 'Deposit not found', code: 'NOT_FOUND' },
    });
    expect(errorBody(new AppError(409, 'ALREADY_REVIEWED', 'Already reviewed')).status).toBe(409);
  });

  it('masks anything unknown as a 500 without its message', () => {
    expect(errorBody(new Error('connection string postgres://secret'))).toEqual({
      status: 500,
      body: { message: 'Internal server error', code: 'INTERNAL' },
    });
  });

  it('keeps exposed 4xx errors from Koa helpers', () => {
    expect(
      errorBody(Object.assign(new Error('Request body is too large'), { status: 413, expose: true })),
    ).toEqual({
      status: 413,
      body: { message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' },
    });
  });
});

describe('parseInput', () => {
  const schema = z.object({ amount: z.string(), note: z.string().optional() }).strict();

  it('returns the parsed value', () => {
    expect(parseInput(schema, { amount: '1' })).toEqual({ amount: '1' });
  });

  it('raises a 400 whose message is the first problem and lists them all', () => {
    try {
      parseInput(schema, { note: 5, extra: true });
      throw new Error('expected a validation error');
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      const { status, body } = errorBody(error);
      expect(status).toBe(400);
      expect(body.message).toBe('amount is required');
      expect(body.issues).toEqual([
        { path: 'amount', message: 'amount is required' },
        { path: 'note', message: 'note must be a string' },
        { path: '', message: 'Unknown field: extra' },
      ]);
    }
  });
});
