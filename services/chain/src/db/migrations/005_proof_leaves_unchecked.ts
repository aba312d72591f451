import type { Migration } from '@cropvest/service-kit/db';

/**
 * A build writes a million leaves, and the foreign key to proof_builds checked each of them (a lookup and a row lock
 * per leaf): about 2.5 of the 10 seconds the leaves took (bench:reserves). The leaves are written only with their
 * build, in its transaction, and deleted with it when pruned, so the key guarded nothing the code does not.
 */
export const proofLeavesUnchecked: Migration = {
  name: '005_proof_leaves_unchecked',
  up: async (knex) => {
    await knex.raw('ALTER TABLE proof_leaves DROP CONSTRAINT proof_leaves_build_id_fkey');
  },
};
