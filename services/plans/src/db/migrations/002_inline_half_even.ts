import type { Migration } from '@cropvest/service-kit/db';

/**
 * Without STRICT the planner inlines the function into the accrual statement instead of calling it once per
 * row (a STRICT SQL function is inlined only when its body provably returns NULL on NULL input).
 */
export const inlineRounding: Migration = {
  name: '002_inline_half_even',
  up: async (knex) => {
    await knex.raw(`
      CREATE OR REPLACE FUNCTION round_half_even8(x numeric) RETURNS numeric
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT CASE WHEN (abs(x) * 100000000) % 1 = 0.5 AND trunc(abs(x) * 100000000) % 2 = 0 THEN trunc(x, 8) ELSE round(x, 8) END
      $$`);
  },
};
