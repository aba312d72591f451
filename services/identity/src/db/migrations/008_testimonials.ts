import type { Migration } from '@cropvest/service-kit/db';

/**
 * Landing-page testimonials (issue 13 section 6): an admin enters an investor's words only with their consent,
 * and the row keeps how that consent was given, when and by which admin.
 */
export const testimonials: Migration = {
  name: '008_testimonials',
  up: async (knex) => {
    await knex.schema.createTable('testimonials', (t) => {
      t.uuid('id').primary();
      t.text('name').notNullable();
      t.text('role').notNullable().defaultTo('');
      t.text('location').notNullable().defaultTo('');
      t.text('content').notNullable();
      t.smallint('rating').notNullable();
      t.text('consent_note').notNullable();
      t.timestamp('consent_recorded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.uuid('recorded_by').notNullable().references('users.id');
      t.index(['consent_recorded_at']);
    });
    await knex.raw(
      `ALTER TABLE testimonials ADD CONSTRAINT testimonials_rating CHECK (rating BETWEEN 1 AND 5)`,
    );
  },
};
