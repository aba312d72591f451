// `npm run bench:web`: boots the stack on free ports (as the tests do), then prints
//   - the landing page's initial JavaScript: every script the browser loads to render / (gzip bytes),
//   - each remote's entry and each investor screen's own JavaScript: what the browser fetches when an
//     investor opens the screen from the sidebar, after the dashboard (gzip bytes),
//   - Lighthouse performance and accessibility scores (lighthouse 12, Debian's Chromium), the median of
//     BENCH_LIGHTHOUSE_RUNS runs (3 by default), mobile and desktop, for / and /login, /investor/dashboard and
//     /investor/invest signed in as an investor, and /admin/dashboard and /admin/deposits signed in as an admin
//     with 10,000 deposits (BENCH_DEPOSITS) and as many withdrawals in the wallet. Manage Deposits asks the
//     server for one page, so what the 10,000 rows test is that nothing on the way (the list, the counts, the
//     table) grows with the table.
// Targets (issue 27): landing initial JS under 170 KB gzip, no investor screen over 60 KB gzip, performance at
// least 95 and accessibility 100 on every page.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { chromium, type Page } from '@playwright/test';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { eventually, StackClient } from '../../test/support/client.ts';
import {
  benchNatsOptions,
  benchFactories,
  publishKycApproval,
  signIn,
  startBenchStack,
  type BenchStack,
} from '../support/stack.ts';
import {
  BROWSER_ARGS,
  CHROME,
  NOTIFICATION_STREAM,
  printLighthouse,
  signedInProfile,
  type LighthousePage,
  type SessionTokens,
} from './lighthouse.ts';
import { seedTransferRequests } from '../wallet/seed-requests.ts';

const root = path.resolve(import.meta.dirname, '../..');
const TARGET_JS_BYTES = 170 * 1024;
const TARGET_SCREEN_BYTES = 60 * 1024;
const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? 10_000);
/** The page's storage, inside functions Playwright runs in the browser (this file is typed for Node). */
declare const localStorage: {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
};

const gzipSize = (body: Buffer) => gzipSync(body, { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Hands every script the page fetches to `take`; BENCH_VERBOSE=1 also lists each with its gzip size. */
function onScript(page: Page, take: (body: Promise<Buffer>, pathname: string) => void): void {
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = response.body();
    take(body, new URL(response.url()).pathname);
    if (process.env.BENCH_VERBOSE)
      void body.then((b) =>
        console.log(`  ${String(gzipSize(b)).padStart(7)}  ${new URL(response.url()).pathname}`),
      );
  });
}

async function initialJavaScript(
  url: string,
): Promise<{ files: number; gzipBytes: number; rawBytes: number }> {
  const browser = await chromium.launch({ executablePath: CHROME, args: BROWSER_ARGS });
  try {
    const page = await browser.newPage();
    const scripts: Promise<Buffer>[] = [];
    onScript(page, (body) => scripts.push(body));
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const bodies = await Promise.all(scripts);
    return {
      files: bodies.length,
      rawBytes: bodies.reduce((n, b) => n + b.length, 0),
      gzipBytes: bodies.reduce((n, b) => n + gzipSize(b), 0),
    };
  } finally {
    await browser.close();
  }
}

/** Each remote's entry script as built (what the shell fetches before anything of that remote runs). */
function remoteEntries(): { remote: string; gzipBytes: number }[] {
  return ['landing', 'investor', 'admin'].map((remote) => {
    const dist = path.join(root, 'frontends', remote, 'dist');
    const entry = readdirSync(dist).find((file) => /^remoteEntry(\.[0-9a-f]+)?\.js$/.test(file));
    if (!entry) throw new Error(`no remoteEntry in ${dist}`);
    return { remote, gzipBytes: gzipSize(readFileSync(path.join(dist, entry))) };
  });
}

type Investor = SessionTokens;

/** A fresh investor with a funded balance, one open plan to browse and one investment in the history. */
async function seedInvestor(stack: BenchStack): Promise<Investor> {
  const admin = await signIn(stack.gatewayUrl, stack.adminEmail, stack.adminPassword);
  const factories = benchFactories(stack.gatewayUrl, admin);
  const plan = await factories.plan({ title: 'Winter Wheat' });
  const acknowledged = await factories.acknowledgement(plan.id);
  const session = await factories.investor('Bench Investor', `bench-${Date.now()}@example.com`);
  const token = session.accessToken;
  await factories.answerSuitability(session);
  await factories.fund(session, '1000');
  // KYC approval arrives as the KYC service would publish it; the plans service needs it before a purchase.
  const nc = await connect(benchNatsOptions(stack));
  await publishKycApproval(jetstream(nc), session.user.id);
  await nc.drain();
  // The plans service takes the purchase once the approval reached it.
  await eventually(
    async () => {
      const bought = await factories.client.call(plansOperations.invest, {
        token,
        body: { planId: plan.id, ...acknowledged, slotsPurchased: 1 },
      });
      if (!bought.ok && bought.body.code !== 'KYC_REQUIRED') throw new Error(JSON.stringify(bought.body));
      return bought.ok;
    },
    10_000,
    'the purchase of the seeded investor',
  );
  return { accessToken: token, refreshToken: session.refreshToken };
}

interface ScreenJavaScript {
  screen: string;
  /** The investor remote's chunks the screen fetches (its code and the UI pieces it is the first to use). */
  gzipBytes: number;
  files: number;
  /** Singletons the shell provides (react-hook-form, zod…), fetched once by whichever screen needs them first. */
  sharedGzipBytes: number;
}

/** The JavaScript each investor screen adds: scripts fetched when it opens from the sidebar, after the dashboard. */
async function screenJavaScript(stack: BenchStack, investor: Investor): Promise<ScreenJavaScript[]> {
  const browser = await chromium.launch({ executablePath: CHROME, args: BROWSER_ARGS });
  try {
    const context = await browser.newContext();
    await context.addInitScript((pair: Investor) => {
      if (!localStorage.getItem('accessToken')) {
        localStorage.setItem('accessToken', pair.accessToken);
        localStorage.setItem('refreshToken', pair.refreshToken);
      }
    }, investor);
    // The live notification stream stays open for the whole visit, so the network is never idle with it;
    // the screens fall back to polling without it, and only their scripts are counted here.
    await context.route(NOTIFICATION_STREAM, (route) => route.abort());
    const page = await context.newPage();
    let scripts: { pathname: string; body: Promise<Buffer> }[] = [];
    onScript(page, (body, pathname) => scripts.push({ pathname, body }));
    await page.goto(`${stack.gatewayUrl}/investor/dashboard`, { waitUntil: 'networkidle' });
    const nav = page.getByRole('navigation', { name: 'Investor navigation' });
    const links = await nav
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
    const results: ScreenJavaScript[] = [];
    for (const href of links.filter((link) => link !== '/investor/dashboard')) {
      scripts = [];
      if (process.env.BENCH_VERBOSE) console.log(`  ${href}:`);
      await nav.locator(`a[href="${href}"]`).click();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const sized = await Promise.all(
        scripts.map(async ({ pathname, body }) => ({ pathname, gzipBytes: gzipSize(await body) })),
      );
      const sum = (files: typeof sized) => files.reduce((n, file) => n + file.gzipBytes, 0);
      const own = sized.filter((file) => file.pathname.startsWith('/remotes/'));
      results.push({
        screen: href,
        files: own.length,
        gzipBytes: sum(own),
        sharedGzipBytes: sum(sized) - sum(own),
      });
    }
    return results;
  } finally {
    await browser.close();
  }
}

// A plain start (no LOAD_BENCH_ENV, no SKIP_WEB_BUILD): nothing here signs in, and the gateway must serve the
// front ends built from the current sources.
const stack = await startBenchStack();
let profileDir: string | undefined;
let adminProfileDir: string | undefined;
try {
  const js = await initialJavaScript(`${stack.gatewayUrl}/`);
  console.log(
    `landing initial JS: ${js.gzipBytes} bytes gzip (${kb(js.gzipBytes)} KB; ${kb(js.rawBytes)} KB raw, ${js.files} files) — target < ${kb(TARGET_JS_BYTES)} KB: ${js.gzipBytes < TARGET_JS_BYTES ? 'met' : 'MISSED'}`,
  );
  for (const entry of remoteEntries())
    console.log(`remote entry ${entry.remote.padEnd(8)} ${kb(entry.gzipBytes)} KB gzip`);

  const investor = await seedInvestor(stack);
  for (const screen of await screenJavaScript(stack, investor))
    console.log(
      `screen ${screen.screen.padEnd(24)} ${kb(screen.gzipBytes).padStart(6)} KB gzip in ${screen.files} file(s) — target < ${kb(TARGET_SCREEN_BYTES)} KB: ${screen.gzipBytes < TARGET_SCREEN_BYTES ? 'met' : 'MISSED'}` +
        (screen.sharedGzipBytes
          ? `; + ${kb(screen.sharedGzipBytes)} KB of the shell's shared libraries first used here`
          : ''),
    );
  profileDir = await signedInProfile(stack.gatewayUrl, investor);

  // The admin's screens with a wallet of 10,000 deposits and as many withdrawals.
  const sql = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
  try {
    const seconds = await seedTransferRequests(sql, {
      users: Math.max(1, DEPOSITS / 5),
      deposits: DEPOSITS,
      withdrawals: DEPOSITS,
    });
    console.log(`seeded ${DEPOSITS} deposits and ${DEPOSITS} withdrawals in ${seconds.toFixed(1)} s`);
  } finally {
    await sql.end();
  }
  adminProfileDir = await signedInProfile(
    stack.gatewayUrl,
    await new StackClient(stack.gatewayUrl).signIn(stack.adminEmail, stack.adminPassword),
  );

  const pages: LighthousePage[] = [
    { path: '/' },
    { path: '/login' },
    { path: '/investor/dashboard', profile: profileDir },
    { path: '/investor/invest', profile: profileDir },
    { path: '/admin/dashboard', profile: adminProfileDir },
    { path: '/admin/deposits', profile: adminProfileDir },
  ];
  printLighthouse(stack.gatewayUrl, pages);
} finally {
  for (const dir of [profileDir, adminProfileDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  await stack.stop();
}
