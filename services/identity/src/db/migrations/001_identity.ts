import type { Migration } from '@cropvest/service-kit/db';

export const identitySchema: Migration = {
  name: '001_identity',
  up: async (knex) => {
    await knex.schema.createTable('users', (t) => {
      t.uuid('id').primary();
      t.text('name').notNullable();
      t.text('email').notNullable().unique();
      t.text('password_hash').notNullable();
      t.text('role').notNullable().defaultTo('investor');
      t.boolean('is_banned').notNullable().defaultTo(false);
      t.text('kyc_status').notNullable().defaultTo('incomplete');
      // A projection of the wallet's available account, kept fresh by wallet events (the wallet owns money).
      t.decimal('balance', 18, 8).notNullable().defaultTo(0);
      t.integer('failed_login_count').notNullable().defaultTo(0);
      t.timestamp('locked_until', { useTz: true });
      t.timestamp('last_login_at', { useTz: true });
      t.timestamp('password_changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw(`ALTER TABLE users
      ADD CONSTRAINT users_role_check CHECK (role IN ('admin', 'investor')),
      ADD CONSTRAINT users_kyc_status_check CHECK (kyc_status IN ('pending', 'approved', 'rejected', 'incomplete')),
      ADD CONSTRAINT users_email_lower CHECK (email = lower(btrim(email))),
      ADD CONSTRAINT users_balance_nonnegative CHECK (balance >= 0)`);

    await knex.schema.createTable('refresh_tokens', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      // Every token of one sign-in shares a family; reuse of a rotated token revokes the family.
      t.uuid('family_id').notNullable().index();
      t.text('token_hash').notNullable().unique();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true });
      t.timestamp('revoked_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['user_id']);
    });

    await knex.schema.createTable('login_attempts', (t) => {
      t.bigIncrements('id');
      t.text('email').notNullable();
      t.uuid('user_id');
      t.text('ip_address');
      t.boolean('succeeded').notNullable();
      t.text('reason');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['email', 'created_at']);
    });

    await knex.schema.createTable('password_reset_tokens', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.text('token_hash').notNullable().unique();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true });
      t.uuid('issued_by');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });

    await knex.schema.createTable('system_settings', (t) => {
      t.uuid('id').primary();
      t.text('key').notNullable().unique();
      t.jsonb('value').notNullable();
      t.text('description').notNullable();
      t.uuid('updated_by');
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });

    await knex.schema.createTable('audit_logs', (t) => {
      // The id is the audit.recorded event id, so an event can never make two rows.
      t.uuid('id').primary();
      t.uuid('admin_id').notNullable();
      t.text('action').notNullable();
      t.text('target_id');
      t.text('target_type');
      t.jsonb('details').notNullable().defaultTo('{}');
      t.text('ip_address');
      t.text('source').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.index(['created_at']);
      t.index(['admin_id', 'created_at']);
      t.index(['action', 'created_at']);
      t.index(['target_type', 'target_id']);
    });

    await knex.schema.createTable('signing_keys', (t) => {
      t.text('kid').primary();
      t.jsonb('private_jwk').notNullable();
      t.jsonb('public_jwk').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
};
