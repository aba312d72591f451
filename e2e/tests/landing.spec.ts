import { connect, type NatsConnection } from '@nats-io/transport-node';
import { test, expect, createInvestor, stack } from '../support/fixtures.ts';

const digits = (text: string | null): number => Number((text ?? '').replace(/[^\d]/g, ''));

test.describe('landing page', () => {
  test('the statistics row shows live figures: the investor count grows when someone registers', async ({ page }) => {
    await page.goto('/');
    const investors = page.getByTestId('stat-investors');
    await expect(investors).toHaveText(/^\d[\d,]*$/);
    const before = digits(await investors.textContent());
    await createInvestor('Counted Investor');
    await page.reload();
    await expect(investors).toHaveText(/^\d[\d,]*$/);
    expect(digits(await investors.textContent())).toBe(before + 1);
  });

  test.describe('with the plans figures on the bus', () => {
    // The plans service is still being built: until it lands, this stand-in answers its request/reply
    // subject `cmd.plans.stats` on the real NATS server, so the gateway's composition is exercised end to end.
    let nc: NatsConnection;
    const plans = { totalInvested: '1250.00000000', activePlans: 2, activeInvestments: 3, harvestsPaid: 0 };
    test.beforeAll(async () => {
      nc = await connect({ servers: stack().natsUrl });
      nc.subscribe('cmd.plans.stats', { callback: (_error, msg) => void msg.respond(JSON.stringify({ ok: true, result: plans })) });
      await nc.flush();
    });
    test.afterAll(async () => {
      await nc.drain();
    });

    test('total invested and active plans change after an investment is made', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByTestId('stat-total-invested')).toHaveText('1,250.00 USDT');
      await expect(page.getByTestId('stat-active-plans')).toHaveText('2');
      // An investment of 500 USDT in a third plan.
      plans.totalInvested = '1750.00000000';
      plans.activePlans = 3;
      plans.activeInvestments = 4;
      await page.reload();
      await expect(page.getByTestId('stat-total-invested')).toHaveText('1,750.00 USDT');
      await expect(page.getByTestId('stat-active-plans')).toHaveText('3');
    });
  });

  test('without the plans service its figures read "—", never an invented number', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('stat-total-invested')).toHaveText('—');
    await expect(page.getByTestId('stat-harvests-paid')).toHaveText('—');
    await expect(page.getByRole('heading', { name: /No plans are open|Plans are not available/ })).toBeVisible();
  });

  test('sections, buttons and footer links work, and the risk warning is visible', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual(['Platform figures', 'Current Investment Opportunities', 'What the platform does for you', 'From seed to harvest', 'How it works', 'Ready to fund your first season?']);
    await expect(page.getByText(/testimonial/i)).toHaveCount(0);

    await page.getByRole('link', { name: 'See How It Works' }).click();
    await expect(page.getByRole('heading', { name: 'How it works' })).toBeInViewport();
    await page.getByRole('link', { name: 'Learn More' }).click();
    await expect(page.getByRole('heading', { name: 'What the platform does for you' })).toBeInViewport();
    await expect(page.getByTestId('risk-warning')).toContainText('past performance does not guarantee future results');

    const footer = page.getByRole('navigation', { name: 'Footer' });
    for (const [name, heading] of [
      ['Privacy Policy', 'Privacy Policy'],
      ['Terms of Service', 'Terms of Service'],
      ['Contact Support', 'Contact Support'],
    ]) {
      await page.goto('/');
      await footer.getByRole('link', { name }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await expect(page.getByText('Monday-Friday 9:00 AM-6:00 PM EST')).toBeVisible();

    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('hero images are served by the platform itself with long-cache headers', async ({ page, request }) => {
    const images: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'image') images.push(r.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => images.length).toBeGreaterThan(0);
    for (const url of images) expect(new URL(url).origin).toBe(stack().gatewayUrl);
    const response = await request.get(images[0] as string);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await request.get('/');
    expect(index.headers()['cache-control']).toBe('no-cache');
  });
});
