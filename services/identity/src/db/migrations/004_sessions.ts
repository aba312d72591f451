import type { Migration } from '@cropvest/service-kit/db';

/**
 * Sessions its owner can list and end, the session version that voids every older access token at once, and
 * sign-in limits per account and source (docs/decisions/0052-access-revocation.md).
 */
export const sessions: Migration = {
  name: '004_sessions',
  up: async (knex) => {
    await knex.schema.alterTable('users', (t) => {
      // Raised whenever every session ends; access tokens carry it (`sv`) and older ones are refused.
      t.integer('session_version').notNullable().defaultTo(0);
      t.timestamp('sessions_revoked_at', { useTz: true });
      // When the owner was last mailed about failed sign-ins: at most one such mail per lock-out period.
      t.timestamp('sign_in_alert_at', { useTz: true });
      // Replaced by per-source counters in sign_in_throttle; locked_until stays as the account-wide lock.
      t.dropColumn('failed_login_count');
    });

    // One row per sign-in: the id is the refresh-token family and the access tokens' `sid`.
    await knex.schema.createTable('sessions', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.text('user_agent');
      t.text('ip_address');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('revoked_at', { useTz: true });
      t.index(['user_id', 'expires_at']);
    });
    await knex.raw('CREATE INDEX sessions_revoked_at ON sessions (revoked_at) WHERE revoked_at IS NOT NULL');
    await knex.raw(`INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at, revoked_at)
      SELECT family_id, min(user_id::text)::uuid, min(created_at), max(created_at), max(expires_at),
             CASE WHEN bool_and(revoked_at IS NOT NULL) THEN max(revoked_at) END
        FROM refresh_tokens GROUP BY family_id`);

    // Consecutive failed sign-ins per account and source (`ip:<address>` or `device:<hash of the cookie>`).
    await knex.schema.createTable('sign_in_throttle', (t) => {
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.text('source').notNullable();
      t.integer('failures').notNullable().defaultTo(0);
      t.timestamp('blocked_until', { useTz: true });
      t.timestamp('last_failure_at', { useTz: true }).notNullable();
      t.primary(['user_id', 'source']);
    });

    // Sources an account has signed in from: they stay open when the account-wide ceiling locks it.
    await knex.schema.createTable('known_sign_in_sources', (t) => {
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.text('source').notNullable();
      t.timestamp('last_success_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['user_id', 'source']);
    });
    await knex.raw(
      'CREATE INDEX login_attempts_failures ON login_attempts (user_id, created_at) WHERE NOT succeeded',
    );
  },
};
