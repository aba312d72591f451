import { createUserDirectoryTable } from '@cropvest/service-kit/bus';
import { type Migration } from '@cropvest/service-kit/db';

export const notifySchema: Migration = {
  name: '001_notify',
  up: async (knex) => {
    // What an admin sent, once per send (the history screen); its notifications point back to it.
    await knex.schema.createTable('admin_sends', (t) => {
      t.uuid('id').primary();
      t.text('title').notNullable();
      t.text('message').notNullable();
      t.text('type').notNullable();
      /** null: everyone. */
      t.specificType('user_ids', 'uuid[]');
      t.uuid('created_by').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['created_at']);
    });

    await knex.schema.createTable('notifications', (t) => {
      t.uuid('id').primary();
      /** null: a broadcast to everyone; its read state lives per user in notification_reads. */
      t.uuid('user_id');
      t.text('title').notNullable();
      t.text('message').notNullable();
      t.text('type').notNullable().defaultTo('general');
      /** The event that caused it: a redelivered event can never make a second one. */
      t.uuid('source_event_id').unique();
      t.uuid('send_id').references('admin_sends.id');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['user_id', 'created_at']);
      t.index(['send_id']);
    });
    await knex.raw(
      `CREATE INDEX notifications_broadcast ON notifications (created_at) WHERE user_id IS NULL`,
    );
    await knex.raw(`ALTER TABLE notifications
      ADD CONSTRAINT notifications_type_check CHECK (type IN ('general', 'deposit', 'withdrawal', 'investment', 'security')),
      ADD CONSTRAINT notifications_title_length CHECK (char_length(title) BETWEEN 1 AND 200),
      ADD CONSTRAINT notifications_message_length CHECK (char_length(message) BETWEEN 1 AND 2000)`);

    await knex.schema.createTable('notification_reads', (t) => {
      t.uuid('user_id').notNullable();
      t.uuid('notification_id').notNullable().references('notifications.id').onDelete('CASCADE');
      t.timestamp('read_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['user_id', 'notification_id']);
    });

    // Users as identity's events describe them (never read from identity's tables): who exists, and
    // where to mail them. `version_at` is the occurredAt of the event that wrote the row.
    await createUserDirectoryTable(knex);

    await knex.schema.createTable('preferences', (t) => {
      t.uuid('user_id').primary();
      t.boolean('email').notNullable();
      t.boolean('push').notNullable();
      t.boolean('investment').notNullable();
      t.boolean('deposits').notNullable();
      t.boolean('harvests').notNullable();
      t.boolean('weekly').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });

    // The platform-wide "email notifications" switch of the general settings, from settings.updated.
    await knex.schema.createTable('platform', (t) => {
      t.integer('id').primary();
      t.boolean('email_notifications').notNullable().defaultTo(true);
      t.timestamp('version_at', { useTz: true });
    });
    await knex('platform').insert({ id: 1, email_notifications: true });

    // Mail outbox: written in the transaction that decided to mail, sent by the mail relay after commit,
    // retried with back-off. The body is cleared once sent (reset links must not linger).
    await knex.schema.createTable('mail_outbox', (t) => {
      t.uuid('id').primary();
      t.text('kind').notNullable();
      t.uuid('user_id');
      t.text('to_address').notNullable();
      t.text('subject').notNullable();
      t.text('body');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('sent_at', { useTz: true });
      t.integer('attempts').notNullable().defaultTo(0);
      t.text('last_error');
    });
    await knex.raw(`CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL`);
  },
};
