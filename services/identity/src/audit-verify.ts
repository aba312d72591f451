/* eslint-disable no-console -- a command-line tool prints its result */
// `npm run audit:verify`: walks the audit log's hash chain (decision 0066) from the first entry against
// DATABASE_URL (the identity schema), prints how many entries verified, names the first broken one and exits 1
// when the chain is broken (2 when the check could not run). Defaults to the database `npm start` runs locally.
import { createDatabase } from '@cropvest/service-kit/db';
import { verifyAuditChain, type ChainVerification } from './db/audit.ts';
import { PROBLEM_TEXT } from './domain/audit-chain.ts';

/** The lines the command prints for a result; the first broken entry by id, position and what mismatched. */
function describeVerification(result: ChainVerification): string[] {
  const verified = `audit chain: ${result.verified} entries verified, head ${result.headHash}`;
  if (!result.firstBroken) return [verified, 'audit chain verified'];
  const broken = result.firstBroken;
  return [
    verified,
    `audit chain BROKEN at position ${broken.position}, entry ${broken.id}: ${PROBLEM_TEXT[broken.problem]} (${broken.problem})`,
    `  expected ${broken.expected}`,
    `  found    ${broken.found}`,
  ];
}

const url = process.env.DATABASE_URL || 'postgres://cropvest:cropvest@127.0.0.1:54329/cropvest';
const db = createDatabase({
  url,
  schema: process.env.IDENTITY_SCHEMA ?? 'identity',
  migrations: [],
  poolMax: 1,
  applicationName: 'audit-verify',
});
try {
  const result = await verifyAuditChain(db);
  const [first, ...rest] = describeVerification(result);
  console.log(first);
  if (result.ok) console.log(...rest);
  else {
    console.error(rest.join('\n'));
    process.exitCode = 1;
  }
} catch (error) {
  console.error('audit chain check could not run:', error instanceof Error ? error.message : error);
  process.exitCode = 2;
} finally {
  await db.destroy();
}
