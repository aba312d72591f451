// The sign-in and registration limit (docs/decisions/0086-edge-behind-proxies.md): one count per client address in
// the gateway's own PostgreSQL schema, so every replica sees the attempts the others let through. When the store
// cannot answer, the attempt is refused (503): a limit that lapses whenever PostgreSQL does would be no limit.
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { RateLimiterPostgres, RateLimiterRes, RLWrapperTimeouts } from 'rate-limiter-flexible';
import { type Knex, type Migration } from '@cropvest/service-kit/db';
import { ServiceUnavailableError, TooManyRequestsError } from '@cropvest/service-kit/errors';

export const GATEWAY_SCHEMA = 'gateway';
const TABLE = 'auth_rate_limits';

export const gatewayMigrations: Migration[] = [
  {
    // The columns rate-limiter-flexible's PostgreSQL store reads and writes (its own CREATE TABLE's).
    name: '001_auth_rate_limits',
    up: async (knex) => {
      await knex.schema.createTable(TABLE, (t) => {
        t.string('key', 255).primary();
        t.integer('points').notNullable().defaultTo(0);
        t.bigInteger('expire');
      });
    },
  },
];

/** How long an attempt waits on the store before it is refused: a hung connection must not hang sign-in. */
const STORE_TIMEOUT_MS = 2000;

/** Counts one attempt from the client's address; throws 429 past the limit and 503 when it cannot count. */
export type AuthAttemptLimit = (ctx: Context) => Promise<void>;

export function authAttemptLimit(options: { db: Knex; perMinute: number; logger: Logger }): AuthAttemptLimit {
  const limiter = new RLWrapperTimeouts({
    timeoutMs: STORE_TIMEOUT_MS,
    limiter: new RateLimiterPostgres({
      storeClient: options.db,
      storeType: 'knex',
      schemaName: GATEWAY_SCHEMA,
      tableName: TABLE,
      tableCreated: true,
      keyPrefix: 'auth',
      points: options.perMinute,
      duration: 60,
      // An address past the limit is then refused by this replica from memory until its minute ends, so a flood
      // of attempts does not become a flood of writes.
      inMemoryBlockOnConsumed: options.perMinute + 1,
    }),
  });

  return async (ctx) => {
    try {
      await limiter.consume(ctx.ip);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        options.logger.warn({ err: rejection }, 'sign-in rate limit store unavailable; attempt refused');
        throw new ServiceUnavailableError(
          'Signing in is unavailable for a moment. Please try again shortly.',
          'RATE_LIMIT_UNAVAILABLE',
        );
      }
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      ctx.set('Retry-After', String(retryAfter));
      throw new TooManyRequestsError(
        `Too many attempts. Please wait ${retryAfter} seconds and try again.`,
        'RATE_LIMITED',
      );
    }
  };
}
