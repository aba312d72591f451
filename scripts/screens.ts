// `npm run screens` (docs/decisions/0111): boots a stack of its own exactly as the journeys do
// (test/global-setup.ts), seeds a small realistic data set through the API (scripts/screens/seed.ts), and renders
// every screen at 1440×900 and 390×844, in light and dark (the browser's colour scheme), into screens/
// (git-ignored) as <screen>-<width>-<scheme>.png. The screens are read from the route lists themselves
// (frontends/*/src/routes*.ts for the signed-in areas, the web kit's navigation for the shell's own pages), so a
// new route is rendered without touching this file. It prints one line per screen and a summary; a page error,
// a console error or a 5xx answer fails the run.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import globalSetup from '../test/global-setup.ts';
import globalTeardown from '../test/global-teardown.ts';
import { stack } from '../test/support/api.ts';
import { closeConnections } from '../test/support/connections.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/playwright.config.ts';
import { signedInState } from '../e2e/support/fixtures.ts';
import { axeViolations } from '../e2e/support/axe.ts';
import { seedScreens, type Seeded } from './screens/seed.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'screens');
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const SCHEMES = ['light', 'dark'] as const;
/** How long a screen may take to draw its data before it is taken as it is (and reported). */
const SETTLE_MS = 15_000;

type Who = 'visitor' | 'investor' | 'admin';
interface Screen {
  /** The file name's first part: the path with its slashes as dashes ("admin-deposits"). */
  name: string;
  path: string;
  who: Who;
  /** What to do on the loaded page before it is taken (open a dialog). */
  prepare?: (page: Page) => Promise<void>;
}
interface RouteEntry {
  path: string;
}

/** Each ":name" segment filled from the seeded data, by the collection it names ("/admin/plans/:id" → a plan). */
function fill(pattern: string, seeded: Seeded): string {
  const segments = pattern.split('/');
  return segments
    .map((segment, index) => {
      if (!segment.startsWith(':')) return segment;
      const collection = segments[index - 1] ?? '';
      const value = seeded.ids[collection];
      if (!value) throw new Error(`${pattern}: nothing seeded fills ${segment} after /${collection}/`);
      return value;
    })
    .join('/');
}

const nameOf = (pattern: string) =>
  pattern
    .replace(/^\//, '')
    .replace(/:/g, '')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/-$/, '') || 'landing';

/** Every signed-in route of every remote, from the route files themselves (read at run time). */
async function signedInScreens(): Promise<Screen[]> {
  const screens: Screen[] = [];
  for (const area of readdirSync(path.join(ROOT, 'frontends'))) {
    const dir = path.join(ROOT, 'frontends', area, 'src');
    let files: string[];
    try {
      files = readdirSync(dir).filter((file) => /^routes.*\.ts$/.test(file));
    } catch {
      continue;
    }
    for (const file of files) {
      const module = (await import(pathToFileURL(path.join(dir, file)).href)) as {
        default: { screens: RouteEntry[] };
      };
      for (const route of module.default.screens) {
        const who: Who = route.path.startsWith('/admin/') ? 'admin' : 'investor';
        screens.push({ name: nameOf(route.path), path: route.path, who });
      }
    }
  }
  return screens;
}

/** The shell's own pages (signed out, the links from emails, a page that does not exist). */
async function shellScreens(): Promise<Screen[]> {
  const navigation = (await import(
    pathToFileURL(path.join(ROOT, 'frontends/kit/src/navigation.ts')).href
  )) as {
    PUBLIC_PAGES: Set<string>;
    ACCOUNT_LINK_PAGES: Record<string, string>;
    UNFREEZE_PAGE: string;
    CHANGE_PASSWORD_PAGE: string;
  };
  const visitor = ['/', '/login', '/register', ...navigation.PUBLIC_PAGES, navigation.UNFREEZE_PAGE];
  return [
    ...visitor.map((page) => ({ name: nameOf(page), path: page, who: 'visitor' as const })),
    ...Object.values(navigation.ACCOUNT_LINK_PAGES).map((page) => ({
      name: nameOf(page),
      path: page,
      who: 'visitor' as const,
    })),
    { name: nameOf(navigation.CHANGE_PASSWORD_PAGE), path: navigation.CHANGE_PASSWORD_PAGE, who: 'investor' },
    { name: 'not-found', path: '/this-page-does-not-exist', who: 'visitor' },
  ];
}

/** True once nothing on the page is loading; false if something still is after SETTLE_MS. */
async function settled(page: Page): Promise<boolean> {
  const loading = page.locator('[aria-busy="true"], [data-skeleton]');
  const deadline = Date.now() + SETTLE_MS;
  while ((await loading.count()) > 0) {
    if (Date.now() > deadline) return false;
    await page.waitForTimeout(100);
  }
  return true;
}

interface Outcome {
  file: string;
  problems: string[];
}

/** Opens the screen, waits until it has drawn its data, and takes it in each colour scheme. */
async function render(page: Page, screen: Screen, url: string, width: number): Promise<Outcome[]> {
  const problems: string[] = [];
  const onPageError = (error: Error) => problems.push(`page error: ${error.message}`);
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  };
  const onResponse = (response: { status(): number; url(): string }) => {
    if (response.status() >= 500) problems.push(`${response.status()} from ${response.url()}`);
  };
  page.on('pageerror', onPageError);
  page.on('console', onConsole);
  page.on('response', onResponse);
  try {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(url);
    await page
      .locator('h1')
      .first()
      .waitFor({ timeout: SETTLE_MS })
      .catch(() => problems.push('no page heading appeared'));
    // Signed-in pages hold the live stream open, so the network never goes idle: wait for what a person sees
    // (no query view loading, no skeleton left), as the journeys' `settled` does.
    if (!(await settled(page))) problems.push(`still loading after ${SETTLE_MS / 1000} s`);
    await screen
      .prepare?.(page)
      .catch((error: Error) => problems.push(`could not prepare: ${error.message}`));
    const outcomes: Outcome[] = [];
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      const file = `${screen.name}-${width}-${scheme}.png`;
      // A dialog covers the viewport only: a page taken with one open is taken as the person sees it.
      await page.screenshot({
        path: path.join(OUT, file),
        fullPage: !screen.prepare,
        animations: 'disabled',
      });
      const findings = (await axeViolations(page)).map(
        ({ id, impact, nodes }) => `axe ${id} (${impact}) on ${nodes.join(', ')}`,
      );
      outcomes.push({ file, problems: [...problems, ...findings] });
    }
    return outcomes;
  } finally {
    page.off('pageerror', onPageError);
    page.off('console', onConsole);
    page.off('response', onResponse);
  }
}

/** The admin command palette open on the dashboard, finding the seeded investor. */
const PALETTE: Screen = {
  name: 'admin-command-palette',
  path: '/admin/dashboard',
  who: 'admin',
  prepare: async (page) => {
    await page.keyboard.press('Control+K');
    await page.getByRole('combobox', { name: 'Search the admin area' }).fill('Amara');
    await page
      .getByRole('option', { name: /Amara Okafor/ })
      .first()
      .waitFor({ timeout: SETTLE_MS });
  },
};

async function contextFor(
  browser: Browser,
  who: Who,
  viewport: (typeof WIDTHS)[number],
  seeded: Seeded,
): Promise<BrowserContext> {
  const storageState = who === 'visitor' ? undefined : await signedInState(seeded.accounts[who]);
  return browser.newContext({ viewport, ...(storageState ? { storageState } : {}) });
}

await globalSetup();
let failed = true;
try {
  console.log('stack ready; seeding…');
  const seeded = await seedScreens();
  const screens = [...(await shellScreens()), ...(await signedInScreens()), PALETTE];
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const outcomes: Outcome[] = [];
  try {
    for (const viewport of WIDTHS)
      for (const who of ['visitor', 'investor', 'admin'] as const) {
        const context = await contextFor(browser, who, viewport, seeded);
        const page = await context.newPage();
        for (const screen of screens.filter((s) => s.who === who)) {
          let url: string;
          try {
            url = new URL(fill(screen.path, seeded), stack().gatewayUrl).href;
          } catch (error) {
            outcomes.push({ file: `${screen.name}-${viewport.width}`, problems: [(error as Error).message] });
            continue;
          }
          for (const outcome of await render(page, screen, url, viewport.width)) {
            outcomes.push(outcome);
            console.log(`${outcome.problems.length ? '✗' : '✓'} ${outcome.file}`);
            for (const problem of outcome.problems) console.log(`    ${problem}`);
          }
        }
        await context.close();
      }
  } finally {
    await browser.close();
  }
  const bad = outcomes.filter((outcome) => outcome.problems.length > 0);
  console.log(
    `\n${outcomes.length - bad.length} of ${outcomes.length} screenshots clean (${screens.length} screens × ` +
      `${WIDTHS.length} widths × ${SCHEMES.length} schemes) in ${path.relative(ROOT, OUT)}/`,
  );
  for (const outcome of bad) console.log(`  ✗ ${outcome.file}: ${outcome.problems.join('; ')}`);
  failed = bad.length > 0;
} finally {
  await closeConnections();
  await globalTeardown();
}
process.exit(failed ? 1 : 0);
