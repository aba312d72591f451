// `npm run bench:web:admin`: Lighthouse performance and accessibility for Manage Deposits (/admin/deposits)
// signed in as an admin, with 10,000 deposits (and as many withdrawals) in the wallet, mobile and desktop, the
// median of BENCH_LIGHTHOUSE_RUNS runs (3 by default). Targets: performance at least 90, accessibility 100.
// The screen asks the server for one page of 20, so what the 10,000 rows test is that nothing on the way
// (the list, the counts, the table) grows with the table.
import { rmSync } from 'node:fs';
import { startLoadBench } from '../support/load.ts';
import { seedTransferRequests } from '../wallet/seed-requests.ts';
import { printLighthouse, signedInProfile, type SessionTokens } from './lighthouse.ts';

const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? 10_000);

const { stack, sql, close } = await startLoadBench(2);
let profileDir: string | undefined;
try {
  const seconds = await seedTransferRequests(sql, {
    users: Math.max(1, DEPOSITS / 5),
    deposits: DEPOSITS,
    withdrawals: DEPOSITS,
  });
  console.log(`seeded ${DEPOSITS} deposits and ${DEPOSITS} withdrawals in ${seconds.toFixed(1)} s`);
  const response = await fetch(`${stack.gatewayUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: stack.adminEmail, password: stack.adminPassword }),
  });
  if (!response.ok) throw new Error(`admin sign-in failed: ${response.status} ${await response.text()}`);
  profileDir = await signedInProfile(stack.gatewayUrl, (await response.json()) as SessionTokens);
  printLighthouse(stack.gatewayUrl, [
    { path: '/admin/deposits', profile: profileDir, accessibilityTarget: 100 },
  ]);
} finally {
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  await close();
}
