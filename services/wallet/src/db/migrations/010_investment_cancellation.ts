import type { Migration } from '@cropvest/service-kit/db';

/**
 * Transfer kind `investment_cancel` (docs/decisions/0094-suitability-and-reconsidering.md): an investment
 * cancelled within its four days to reconsider returns its principal invested -> available. The kinds allowed
 * so far are read from the constraint itself and this one added, so the list other migrations wrote stays whole.
 */
export const investmentCancellation: Migration = {
  name: '010_investment_cancellation',
  up: async (knex) => {
    const result = await knex.raw<{ rows: { definition: string }[] }>(
      `SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint
        WHERE conname = 'transfers_kind_check' AND conrelid = 'transfers'::regclass`,
    );
    const definition = result.rows[0]?.definition ?? '';
    const kinds = [...definition.matchAll(/'([a-z_]+)'/g)].map((match) => match[1] as string);
    if (!kinds.includes('investment')) throw new Error(`unexpected transfers_kind_check: ${definition}`);
    const allowed = [...new Set([...kinds, 'investment_cancel'])];
    // DDL takes no bind parameters: the kinds are written as literals (each matched [a-z_]+ above).
    await knex.raw(
      `ALTER TABLE transfers DROP CONSTRAINT transfers_kind_check,
         ADD CONSTRAINT transfers_kind_check CHECK (kind IN (${allowed.map((kind) => `'${kind}'`).join(', ')}))`,
    );
  },
};
