import type { Migration } from '@cropvest/service-kit/db';

/**
 * The user lists' name and balance orders over every role (All Users, User Management): 009 indexed them within a
 * role only, so without a role filter the first page sorted the whole table (p95 over 200 ms with 200,000 users).
 */
export const adminUserOrders: Migration = {
  name: '010_admin_user_orders',
  up: async (knex) => {
    await knex.raw(`CREATE INDEX users_name_order ON users (name, id)`);
    await knex.raw(`CREATE INDEX users_balance_order ON users (balance DESC, id DESC)`);
  },
};
