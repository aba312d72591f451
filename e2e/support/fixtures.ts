// The journeys' fixtures: the running stack's URL as baseURL, and helpers that talk to it like a client.
import { readFileSync } from 'node:fs';
import { createHash, randomUUID } from 'node:crypto';
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { LocalChainsClient, type LocalChainsSummary } from '../../scripts/chain/client.ts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { plansOperations } from '@cropvest/contracts/plans/api';
import type { Investment } from '@cropvest/contracts/plans/model';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { deviceCookieOf, StackClient, type Answer, type Session } from '../../test/support/client.ts';
import { StackFactories } from '../../test/support/factories.ts';

export { deviceCookieOf };

export interface StackInfo {
  gatewayUrl: string;
  natsUrl: string;
  adminEmail: string;
  adminPassword: string;
  investorEmail: string;
  investorPassword: string;
  /** The local chains the chain service watches (decision 0083): their control API and each network's addresses. */
  localChains: LocalChainsSummary;
}

let cached: StackInfo | undefined;
export function stack(): StackInfo {
  cached ??= JSON.parse(readFileSync(process.env.STACK_FILE as string, 'utf8')) as StackInfo;
  return cached;
}

let chainsClient: LocalChainsClient | undefined;
/** The local chains' control API: `transfer({ network, to, amount })` sends real USDT and answers its `txid`. */
export const chains = (): LocalChainsClient =>
  (chainsClient ??= new LocalChainsClient(stack().localChains.control));

export const uniqueEmail = (label = 'web'): string => `${label}-${randomUUID().slice(0, 8)}@example.com`;

export const test = base.extend<{ adminPage: Page }>({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(stack().gatewayUrl),
  /** The page, already signed in as the stack's admin with a session of its own (startSignedIn). */
  adminPage: async ({ page }, use) => {
    await startSignedIn(page, stackAdmin());
    await use(page);
  },
});
export { expect };

export interface Account {
  email: string;
  password: string;
}

/** The stack's own accounts. */
export const stackAdmin = (): Account => ({ email: stack().adminEmail, password: stack().adminPassword });
export const stackInvestor = (): Account => ({
  email: stack().investorEmail,
  password: stack().investorPassword,
});

/**
 * The address an account's API calls to sign up and sign in come from: one per account, like a person's own
 * machine, so a test's second sign-in through the API is not a stranger's (no Login Alert, docs/decisions/0065),
 * while different accounts never share a sign-in rate limit.
 */
export function clientIpOf(email: string): string {
  const digest = createHash('sha256').update(email).digest();
  return `10.9.${digest[0] ?? 0}.${((digest[1] ?? 0) % 250) + 1}`;
}

/**
 * Registers an investor through the API (not the page) and returns the credentials. With `from`, the call is
 * made from that page's browser, which keeps the device cookie: its later sign-in is then from a known device
 * and raises no Login Alert (docs/decisions/0065), as after registering in the page itself.
 */
export async function createInvestor(
  name = 'Web Investor',
  options: { from?: Page } = {},
): Promise<{ email: string; password: string; name: string }> {
  const email = uniqueEmail('investor');
  const password = 'Harvest-2026';
  const headers = {
    'content-type': 'application/json',
    'x-forwarded-for': clientIpOf(email),
    cookie: `cv_device=${deviceCookieOf(email)}`,
  };
  const body = JSON.stringify({ name, email, password });
  const url = `${stack().gatewayUrl}/api/auth/register`;
  const response = options.from
    ? await options.from.request.post(url, { headers, data: body })
    : await fetch(url, { method: 'POST', headers, body });
  const status = typeof response.status === 'function' ? response.status() : response.status;
  if (status !== 201) throw new Error(`register failed: ${status} ${await response.text()}`);
  return { email, password, name };
}

/**
 * Opens / and waits for the live landing page: the HTML for / carries a prerendered copy of its first screen
 * (frontends/build.mjs), which is on screen before the scripts have run and goes when the live page arrives.
 */
export async function openLanding(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.locator('#prerendered-landing')).toHaveCount(0);
}

/** The little of the browser's window openInApp touches (this file is also checked without the DOM library). */
interface AppWindow {
  document: { querySelector(selector: string): { isConnected: boolean } | null };
  history: { pushState(state: null, unused: string, url: string): void };
  dispatchEvent(event: unknown): boolean;
  PopStateEvent: new (type: string) => unknown;
}

/**
 * Moves the open app to another screen the way its links do (the History API and the router's popstate event),
 * without loading the page again: a load parses every bundle again, about a third of a second a screen, which loops
 * over many screens paid on each. Waits until the screen that was showing (its h1) has gone, so that what follows
 * reads the new one. Already there it does nothing; before the app has loaded it loads the page.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const current = new URL(page.url());
  if (!current.protocol.startsWith('http')) {
    await page.goto(path);
    return;
  }
  const target = new URL(path, current);
  if (target.pathname + target.search === current.pathname + current.search) return;
  const leaving = await page.evaluateHandle((to) => {
    const app = globalThis as unknown as AppWindow;
    const heading = app.document.querySelector('h1');
    app.history.pushState(null, '', to);
    app.dispatchEvent(new app.PopStateEvent('popstate'));
    return heading;
  }, path);
  await page.waitForFunction((heading) => !heading?.isConnected, leaving);
  await leaving.dispose();
}

/**
 * page.goto for a page's navigation to a sign-in screen. Chromium now and then reports it as "interrupted by another
 * navigation" to the very same URL (microsoft/playwright#13651) although the page does arrive there: that case
 * waits for the page to load. A navigation the page started itself (the shell's own redirect after signing out)
 * can abort ours (net::ERR_ABORTED): once that one has landed, ours is made again. Any other failure is thrown.
 */
async function openFresh(page: Page, path: string): Promise<void> {
  const target = new URL(path, stack().gatewayUrl).href;
  try {
    await page.goto(path);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (message.includes(`is interrupted by another navigation to "${target}"`))
      await page.waitForURL(target);
    else if (message.includes('net::ERR_ABORTED')) {
      await page.waitForLoadState();
      await page.goto(path);
    } else throw error;
  }
}

/**
 * The browser holds the account's own device cookie (deviceCookieOf, the one its API sign-ups and sign-ins
 * use), so its sign-in is from a known device and needs no mailed approval (docs/decisions/0100).
 */
export async function useOwnDevice(page: Page, email: string): Promise<void> {
  await page.context().addCookies([
    {
      name: 'cv_device',
      value: deviceCookieOf(email),
      domain: new URL(stack().gatewayUrl).hostname,
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
}

/** Signs in through the login page, from the account's own device. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await useOwnDevice(page, email);
  await openFresh(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Logged in successfully!', { exact: true })).toBeVisible();
}

/**
 * Signs out with the shell's button and waits until the sign-out has finished. The shell first shows its own
 * /login (the session is cleared at once), then revokes the session and loads /login afresh (a hard redirect):
 * a navigation the journey starts in between is aborted by that load (net::ERR_ABORTED). The toast is shown by
 * the freshly loaded page, so once it is on screen no navigation is still on its way.
 */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page.getByText('Logged out successfully!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
}

/** The keys the front end keeps its session under (frontends/kit/src/tokens.ts) and its device cookie's name. */
export const SESSION_KEYS = ['accessToken', 'refreshToken'] as const;
export const DEVICE_COOKIE = 'cv_device';

type StorageState = Exclude<Parameters<BrowserContext['setStorageState']>[0], string>;

/**
 * What a sign-in through the form leaves in the browser (the setup project, sessions.setup.ts, checks it on a
 * real one): the account's device cookie and the session's two tokens in local storage. Here the session comes
 * from a sign-in through the API, one of the journey's own: another journey signing out, the access token
 * running out or a refresh rotating the token (a refresh token used twice ends its family) cannot end it.
 */
export async function signedInState(account: Account): Promise<StorageState> {
  const { accessToken, refreshToken } = await apiLogin(account.email, account.password);
  const origin = new URL(stack().gatewayUrl);
  return {
    cookies: [
      {
        name: DEVICE_COOKIE,
        value: deviceCookieOf(account.email),
        domain: origin.hostname,
        path: '/api/auth',
        expires: -1,
        httpOnly: true,
        secure: false,
        sameSite: 'Strict',
      },
    ],
    origins: [
      {
        origin: origin.origin,
        localStorage: [
          { name: 'accessToken', value: accessToken },
          { name: 'refreshToken', value: refreshToken },
        ],
      },
    ],
  };
}

/**
 * Starts the page's browser signed in as `account`, as a sign-in through the form would leave it, without opening
 * a page: the journey's first page.goto is its first page. For journeys that are not about signing in.
 */
export async function startSignedIn(page: Page, account: Account): Promise<void> {
  await page.context().setStorageState(await signedInState(account));
}

/** A second browser of its own, signed in as `account` (startSignedIn): an admin beside an investor. */
export async function openSignedIn(
  browser: Browser,
  account: Account,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...options, storageState: await signedInState(account) });
  return { context, page: await context.newPage() };
}

/**
 * The page has drawn its data: no query view is loading and no skeleton is left. Signed-in investor pages hold
 * the live notification stream open, so the network is never idle there; this is what a person sees instead.
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"], [data-skeleton]')).toHaveCount(0);
}

const freshIp = () => `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

/** The shared test client (test/support/client.ts) for this stack: each call from a fresh client IP unless named. */
let shared: StackClient | undefined;
export const client = (): StackClient => (shared ??= new StackClient(stack().gatewayUrl, freshIp));

/** The shared data factories (test/support/factories.ts), acting as the stack's admin. */
let made: StackFactories | undefined;
export const factories = (): StackFactories => (made ??= new StackFactories(client(), adminSession));

/**
 * Signs in through the API. With `device`, from another device of the owner's (its own device cookie and browser,
 * `userAgent`) on the owner's usual network: trusted as a known network's, without a mailed approval.
 */
export async function apiLogin(
  email: string,
  password: string,
  device: { cookie: string; userAgent: string } | null = null,
): Promise<Session> {
  // The stack's admin signs in for many journeys a minute, more than one address's sign-in limit allows: each
  // from an address of its own, as a stranger would (its Login Alerts land in an inbox no journey reads).
  const ip = email === stack().adminEmail ? freshIp() : clientIpOf(email);
  return client().signIn(email, password, {
    ip,
    ...(device ? { device: device.cookie, headers: { 'user-agent': device.userAgent } } : {}),
  });
}

/**
 * The stack's admin signed in through the API, kept for a few minutes (well inside an access token's life) so a
 * journey's setup does not hash the admin's password once per call.
 */
let admin: { session: Promise<Session>; until: number } | undefined;
const ADMIN_SESSION_REUSE_MS = 5 * 60_000;
export function adminSession(): Promise<Session> {
  if (!admin || Date.now() > admin.until)
    admin = {
      session: apiLogin(stack().adminEmail, stack().adminPassword),
      until: Date.now() + ADMIN_SESSION_REUSE_MS,
    };
  return admin.session;
}

/**
 * A second admin for the four-eyes approvals (docs/decisions/0060): a new account the stack's admin promotes. The
 * screens name the second approver by `name` ("2nd approval: …"), so each journey gives its own.
 */
export async function secondAdmin(name: string): Promise<Account & { name: string }> {
  const person = await createInvestor(name);
  const { user } = await apiLogin(person.email, person.password);
  await client().ok(identityOperations.updateAdminUser, {
    token: (await adminSession()).accessToken,
    path: { id: user.id },
    body: { role: 'admin' },
  });
  return person;
}

/**
 * Submits KYC for an investor and has the admin approve it, all through the API. The approval reaches the plans
 * and wallet services as an event, so a purchase or withdrawal may still be refused for a moment afterwards:
 * callers wait on what they need.
 */
export const approveKyc = (accessToken: string): Promise<void> => factories().approveKyc({ accessToken });

/** Submits a complete KYC with uploaded documents, left pending for review; answers the submission's id. */
export const submitKyc = async (accessToken: string): Promise<string> =>
  (await factories().submitKyc({ accessToken })).id;

/**
 * A registered investor (from their own network, so the browser signs in without a device approval) with a
 * funded balance, approved KYC and, unless a journey asks the questions itself, ample suitability answers.
 */
export async function fundedVerifiedInvestor(
  amount: string,
  { answerSuitability: answered = true }: { answerSuitability?: boolean } = {},
): Promise<{ accessToken: string; email: string; password: string }> {
  const { email, password } = await createInvestor('Funded Investor');
  const session = await apiLogin(email, password);
  await factories().fund(session, amount);
  await factories().approveKyc(session);
  if (answered) await factories().answerSuitability(session);
  return { accessToken: session.accessToken, email, password };
}

/** Answers the suitability questions (decision 0094) with ample means, as a person would in the invest dialog. */
export const answerSuitability = (accessToken: string): Promise<void> =>
  factories().answerSuitability({ accessToken });

/**
 * A new active plan created by the admin; slot price 100 USDT, 30 days from `startedDaysAgo` days ago (open plans
 * are listed soonest start first, and the landing page shows the first four). It has a complete key information
 * sheet unless `keyInformation` is false (a journey that writes the sheet itself).
 */
export const createPlan = (
  title: string,
  startedDaysAgo = 1,
  { keyInformation = true }: { keyInformation?: boolean } = {},
): Promise<{ id: string; title: string }> => factories().plan({ title }, { startedDaysAgo, keyInformation });

/** Publishes a complete key information sheet for the plan, so it takes investments with the gates on (decision 0092). */
export async function publishKeyInformation(planId: string): Promise<void> {
  await factories().publishKeyInformation(planId);
}

/** What an investment made through the API adds once its investor acknowledged the plan's current sheet. */
export const acknowledgement = (planId: string): Promise<{ keyInformationVersion: number }> =>
  factories().acknowledgement(planId);

/**
 * Buys `slotsPurchased` slots of a plan through the API with its sheet acknowledged, as a person who read it would.
 * A KYC approval reaches the plans service as an event, so a purchase right after fundedVerifiedInvestor may be
 * refused for a moment: it is tried again until it is accepted.
 */
export async function buyByApi(
  accessToken: string,
  planId: string,
  slotsPurchased: number,
): Promise<Investment> {
  let bought: Answer<typeof plansOperations.invest> | undefined;
  await expect
    .poll(
      async () => {
        bought = await client().call(plansOperations.invest, {
          token: accessToken,
          body: { planId, slotsPurchased, ...(await acknowledgement(planId)) },
        });
        return bought.status;
      },
      { timeout: 30_000 },
    )
    .toBe(201);
  if (!bought?.ok) throw new Error(`the purchase was refused: ${JSON.stringify(bought?.body)}`);
  return bought.body;
}

/**
 * Asks through the API for a withdrawal of `amount` to `walletAddress` and answers its id. A KYC approval reaches the
 * wallet service as an event, so a request right after fundedVerifiedInvestor may be refused for a moment: it is
 * tried again until it is accepted.
 */
export async function withdrawByApi(
  accessToken: string,
  amount: string,
  walletAddress: string,
): Promise<string> {
  let withdrawalId = '';
  await expect
    .poll(
      async () => {
        const created = await client().call(walletOperations.requestWithdrawal, {
          token: accessToken,
          body: { amount, walletAddress },
        });
        if (created.ok) withdrawalId = created.body.id;
        return created.status;
      },
      { timeout: 30_000 },
    )
    .toBe(201);
  return withdrawalId;
}
