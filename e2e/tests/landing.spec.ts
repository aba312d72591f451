import {
  buyByApi,
  test,
  expect,
  createInvestor,
  createPlan,
  fundedVerifiedInvestor,
  openLanding,
  stack,
  stackInvestor,
  startSignedIn,
} from '../support/fixtures.ts';
import { axeClean } from '../support/a11y.ts';

const digits = (text: string | null): number => Number((text ?? '').replace(/[^\d]/g, ''));

test.describe('landing page', () => {
  test('the statistics row shows live figures: the investor count grows when someone registers', async ({
    page,
  }) => {
    await openLanding(page);
    const investors = page.getByTestId('stat-investors');
    await expect(investors).toHaveText(/^\d[\d,]*$/);
    const before = digits(await investors.textContent());
    await createInvestor('Counted Investor');
    await page.reload();
    await expect(investors).toHaveText(/^\d[\d,]*$/);
    expect(digits(await investors.textContent())).toBe(before + 1);
  });

  test('total invested and active plans change after an investment is made', async ({ page }) => {
    const investor = await fundedVerifiedInvestor('500');
    await openLanding(page);
    const invested = page.getByTestId('stat-total-invested');
    const plans = page.getByTestId('stat-active-plans');
    await expect(invested).toHaveText(/ USDT$/);
    // Display-only reading of the figures: whole cents, so the comparison is exact.
    const cents = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
    const investedBefore = cents(await invested.textContent());
    const plansBefore = digits(await plans.textContent());

    // Started longer ago than any other journey's plan, so it is among the four the landing page lists.
    const plan = await createPlan(`Landing wheat ${Date.now()}`, 28);
    await buyByApi(investor.accessToken, plan.id, 2);

    await page.reload();
    await expect(plans).toHaveText(String(plansBefore + 1));
    expect(cents(await invested.textContent())).toBe(investedBefore + 200_00);
    await expect(page.getByRole('heading', { level: 3, name: /Landing wheat/ }).first()).toBeVisible();
  });

  test('the row shows exactly what the gateway composed, and "—" for a figure no service gave', async ({
    page,
    request,
  }) => {
    const stats = (await (await request.get('/api/stats/public')).json()) as {
      totalInvested: string | null;
      harvestsPaid: number | null;
      unavailable: string[];
    };
    await openLanding(page);
    const invested = page.getByTestId('stat-total-invested');
    if (stats.totalInvested === null) {
      expect(stats.unavailable).toContain('plans');
      await expect(invested).toHaveText('—');
      await expect(page.getByTestId('stat-harvests-paid')).toHaveText('—');
    } else {
      await expect(invested).toHaveText(/ USDT$/);
    }
    await expect(
      page
        .getByRole('heading', { name: /No plans are open|Plans are not available/ })
        .or(page.getByRole('link', { name: 'Join Investment' }).first()),
    ).toBeVisible();
  });

  test('sections, buttons and footer links work, and the risk warning is visible', async ({ page }) => {
    await openLanding(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual([
      'Platform figures',
      'Current Investment Opportunities',
      'What the platform does for you',
      'From seed to harvest',
      'How it works',
      'Ready to fund your first season?',
    ]);
    await expect(page.getByText(/testimonial/i)).toHaveCount(0);
    await axeClean(page, false);

    await page.getByRole('link', { name: 'See How It Works' }).click();
    await expect(page.getByRole('heading', { name: 'How it works' })).toBeInViewport();
    await page.getByRole('link', { name: 'Learn More' }).click();
    await expect(page.getByRole('heading', { name: 'What the platform does for you' })).toBeInViewport();
    await expect(page.getByTestId('risk-warning')).toContainText(
      'past performance does not guarantee future results',
    );

    const footer = page.getByRole('navigation', { name: 'Footer' });
    for (const [name, heading] of [
      ['Privacy Policy', 'Privacy Policy'],
      ['Terms of Service', 'Terms of Service'],
      ['Contact Support', 'Contact Support'],
    ]) {
      await openLanding(page);
      await footer.getByRole('link', { name }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await axeClean(page, false);
    }
    await expect(page.getByText('Monday-Friday 9:00 AM-6:00 PM EST')).toBeVisible();

    await openLanding(page);
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('the first screen is in the HTML for /, styled and readable before any script runs', async ({
    browser,
    request,
  }) => {
    expect(await (await request.get('/')).text()).toContain('id="prerendered-landing"');
    expect(await (await request.get('/login')).text()).not.toContain('prerendered-landing');

    const noScripts = await browser.newContext({ javaScriptEnabled: false });
    const page = await noScripts.newPage();
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Invest in the growing season, earn daily until harvest');
    // White on the dark hero: the stylesheet is linked from the page's head, not loaded by a script.
    expect(await heading.evaluate((h) => getComputedStyle(h).color)).toBe('rgb(255, 255, 255)');
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    await noScripts.close();
  });

  test("the live page takes the prerendered first screen's place, once", async ({ page }) => {
    await openLanding(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByTestId('stat-investors')).toBeVisible();
  });

  test("a signed-in visitor on / goes to their dashboard without the landing page's first screen", async ({
    page,
  }) => {
    await startSignedIn(page, stackInvestor());
    await page.goto('/');
    await expect(page).toHaveURL(/\/investor\/dashboard$/);
    await expect(page.locator('#prerendered-landing')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
  });

  test('hero images are served by the platform itself with long-cache headers', async ({ page, request }) => {
    const images: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'image') images.push(r.url());
    });
    await openLanding(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => images.length).toBeGreaterThan(0);
    for (const url of images) expect(new URL(url).origin).toBe(stack().gatewayUrl);
    const response = await request.get(images[0] as string);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await request.get('/');
    expect(index.headers()['cache-control']).toBe('no-cache');
  });
});
