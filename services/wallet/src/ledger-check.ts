/* eslint-disable no-console -- a command-line tool prints its result */
// `npm run ledger:check`: verifies the ledger's invariants against DATABASE_URL (the wallet schema) and
// exits non-zero when any is broken. Defaults to the database `npm start` runs locally.
import { createDatabase } from '@cropvest/service-kit/db';
import { checkLedger } from './app/ledger-check.ts';

const url = process.env.DATABASE_URL || 'postgres://cropvest:cropvest@127.0.0.1:54329/cropvest';
const db = createDatabase({
  url,
  schema: process.env.WALLET_SCHEMA ?? 'wallet',
  migrations: [],
  poolMax: 2,
  applicationName: 'ledger-check',
});
try {
  const result = await checkLedger(db);
  console.log(
    `ledger: ${result.accounts} accounts, ${result.transfers} transfers, ${result.entries} entries, total ${result.totalBalance}`,
  );
  if (result.ok) console.log('ledger check passed');
  else {
    console.error(`ledger check FAILED:\n  ${result.problems.join('\n  ')}`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error('ledger check could not run:', error instanceof Error ? error.message : error);
  process.exitCode = 2;
} finally {
  await db.destroy();
}
