import type { Migration } from '@cropvest/service-kit/db';

/** Two-factor sign-in (docs/decisions/0062-two-factor.md): the TOTP secret, recovery codes, sign-in challenges. */
export const twoFactor: Migration = {
  name: '005_two_factor',
  up: async (knex) => {
    // One row per account that started enrolment; two-factor is on once `enabled_at` is set.
    await knex.schema.createTable('two_factor', (t) => {
      t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
      // AES-256-GCM under TOTP_ENCRYPTION_KEY, bound to the user id.
      t.text('secret_encrypted').notNullable();
      t.timestamp('enabled_at', { useTz: true });
      // The last 30-second step whose code was accepted: a code works once, and no older one after it.
      t.bigInteger('last_used_step');
      // Wrong second-step codes in a row, and the lock they earned.
      t.integer('failures').notNullable().defaultTo(0);
      t.timestamp('locked_until', { useTz: true });
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.schema.createTable('two_factor_recovery_codes', (t) => {
      t.bigIncrements('id');
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.text('code_hash').notNullable();
      t.timestamp('used_at', { useTz: true });
      t.unique(['user_id', 'code_hash']);
    });
    // The step between a right password and the session: single-use, short-lived, stored hashed.
    await knex.schema.createTable('two_factor_challenges', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.text('token_hash').notNullable().unique();
      t.text('kind').notNullable();
      // The sign-in source the password was counted against: cleared when the sign-in completes.
      t.text('source').notNullable();
      t.integer('failures').notNullable().defaultTo(0);
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw(
      "ALTER TABLE two_factor_challenges ADD CONSTRAINT two_factor_challenges_kind CHECK (kind IN ('code', 'enrol'))",
    );
  },
};
