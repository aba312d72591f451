// The service's migrations in the order they run; one file each, named by its number.
import type { Migration } from '@cropvest/service-kit/db';
import { chainSchema } from './001_chain.ts';
import { payoutChecks } from './002_payout_checks.ts';
import { reserves } from './003_reserves.ts';
import { unmatchedTransfers } from './004_unmatched_transfers.ts';
import { proofLeavesUnchecked } from './005_proof_leaves_unchecked.ts';
import { fundingChecks } from './006_funding_checks.ts';

export const migrations: Migration[] = [
  chainSchema,
  payoutChecks,
  reserves,
  unmatchedTransfers,
  proofLeavesUnchecked,
  fundingChecks,
];
