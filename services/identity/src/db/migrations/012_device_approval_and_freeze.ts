import type { Migration } from '@cropvest/service-kit/db';

/**
 * New-device approval, trusted devices and the account freeze (docs/decisions/0100-new-device-approval.md,
 * docs/decisions/0101-account-freeze.md). Tokens of mailed links are stored as their SHA-256 only.
 */
export const deviceApprovalAndFreeze: Migration = {
  name: '012_device_approval_and_freeze',
  up: async (knex) => {
    await knex.schema.alterTable('users', (t) => {
      t.boolean('new_device_approval').notNullable().defaultTo(true);
      t.timestamp('frozen_at', { useTz: true });
      t.text('frozen_by');
      // The freeze link in every security mail; null until identity has issued one (at sign-up, or at start).
      t.text('freeze_token_hash').unique();
    });
    await knex.raw(`ALTER TABLE users
      ADD CONSTRAINT users_frozen_by_check CHECK (frozen_by IN ('owner', 'admin')),
      ADD CONSTRAINT users_frozen_together CHECK ((frozen_at IS NULL) = (frozen_by IS NULL))`);

    // A device (its cookie's hash) the account trusts: it signs in without a mailed approval.
    await knex.schema.createTable('trusted_devices', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.text('device_hash').notNullable();
      t.text('user_agent');
      t.text('ip_address');
      t.text('trusted_by').notNullable();
      t.timestamp('trusted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['user_id', 'device_hash']);
      t.index(['user_id', 'last_seen_at']);
    });
    await knex.raw(`ALTER TABLE trusted_devices ADD CONSTRAINT trusted_devices_trusted_by_check
      CHECK (trusted_by IN ('registration', 'first_sign_in', 'known_network', 'email_approval'))`);
    // Which device a session was signed in from, so a device can be signed out.
    await knex.schema.alterTable('sessions', (t) => {
      t.text('device_hash');
      t.index(['user_id', 'device_hash']);
    });

    // A sign-in from somewhere new, waiting for the owner's mailed approval.
    await knex.schema.createTable('device_approvals', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.text('approval_token_hash').notNullable().unique();
      t.text('wait_token_hash').notNullable().unique();
      t.text('device_hash').notNullable();
      t.text('user_agent');
      t.text('ip_address');
      // The source the attempt was counted against (sign-in limits), cleared when it succeeds.
      t.text('counted_source').notNullable();
      // SHA-256 of the password hash checked: a password changed meanwhile voids the attempt.
      t.text('password_fingerprint').notNullable();
      t.timestamp('requested_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('approved_at', { useTz: true });
      t.timestamp('denied_at', { useTz: true });
      // The waiting browser took its session (or challenge): the attempt is spent.
      t.timestamp('claimed_at', { useTz: true });
      t.index(['user_id', 'requested_at']);
    });

    await knex.schema.createTable('unfreeze_tokens', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.text('token_hash').notNullable().unique();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['user_id', 'created_at']);
    });
  },
};
