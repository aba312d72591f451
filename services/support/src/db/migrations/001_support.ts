import { createUserDirectoryTable } from '@cropvest/service-kit/bus';
import { type Migration } from '@cropvest/service-kit/db';

export const supportSchema: Migration = {
  name: '001_support',
  up: async (knex) => {
    await knex.schema.createTable('support_tickets', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable();
      t.text('subject').notNullable();
      t.text('category').notNullable();
      t.text('priority').notNullable().defaultTo('medium');
      t.text('description').notNullable();
      t.text('status').notNullable().defaultTo('open');
      t.uuid('assigned_to');
      t.text('admin_response');
      t.uuid('responded_by');
      t.timestamp('response_at', { useTz: true });
      t.timestamp('resolved_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['user_id', 'created_at']);
      t.index(['status', 'created_at']);
      t.index(['created_at']);
    });
    await knex.raw(`ALTER TABLE support_tickets
      ADD CONSTRAINT support_tickets_category_check CHECK (category IN ('investment', 'deposit', 'withdrawal', 'technical', 'account', 'other')),
      ADD CONSTRAINT support_tickets_priority_check CHECK (priority IN ('low', 'medium', 'high', 'critical')),
      ADD CONSTRAINT support_tickets_status_check CHECK (status IN ('open', 'in_progress', 'resolved', 'closed')),
      ADD CONSTRAINT support_tickets_subject_length CHECK (char_length(subject) BETWEEN 1 AND 200),
      ADD CONSTRAINT support_tickets_description_length CHECK (char_length(description) BETWEEN 1 AND 5000),
      ADD CONSTRAINT support_tickets_response_length CHECK (admin_response IS NULL OR char_length(admin_response) BETWEEN 1 AND 5000),
      ADD CONSTRAINT support_tickets_resolved_at CHECK (resolved_at IS NULL OR status IN ('resolved', 'closed'))`);

    // Who opened a ticket, for the admin desk: a projection of identity's users fed by user.registered
    // and user.updated (support never reads identity's tables). `version_at` is the occurredAt of the
    // event that wrote the row, so an older event arriving late never overwrites a newer one.
    await createUserDirectoryTable(knex);
  },
};
