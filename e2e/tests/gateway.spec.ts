// The gateway's own web duties: serving the built apps and composing figures from the services.
import { dashboardOperations } from '@cropvest/contracts/reports/dashboard-api';
import { test, expect, client, apiLogin, createInvestor, stack } from '../support/fixtures.ts';

test.describe('gateway: composed figures', () => {
  test('GET /api/stats/public is public and has every figure, each a value or null', async ({ request }) => {
    const response = await request.get('/api/stats/public');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-store');
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual([
      'activePlans',
      'generatedAt',
      'harvestsPaid',
      'investors',
      'totalInvested',
      'unavailable',
    ]);
    expect(body.investors).toBeGreaterThanOrEqual(1);
    expect(body.unavailable).not.toContain('identity');
  });

  test('GET /api/admin/dashboard needs a token and the admin role', async () => {
    expect((await client().call(dashboardOperations.adminDashboard)).status).toBe(401);
    const investor = await createInvestor();
    const session = await apiLogin(investor.email, investor.password);
    const investorAnswer = await client().call(dashboardOperations.adminDashboard, {
      token: session.accessToken,
    });
    expect(investorAnswer.status).toBe(403);
    const admin = await apiLogin(stack().adminEmail, stack().adminPassword);
    const answer = await client().call(dashboardOperations.adminDashboard, { token: admin.accessToken });
    expect(answer.status).toBe(200);
    if (!answer.ok) throw new Error(`the dashboard was refused: ${answer.body.message}`);
    // Both figures are there (a missing one is null): no count is at least Infinity.
    expect(answer.body.totalUsers).toBeGreaterThanOrEqual(answer.body.totalInvestors ?? Infinity);
    expect(answer.body.totalDeposits).toMatch(/^\d+\.\d{8}$/);
    expect(answer.body.activeInvestments).toBeGreaterThanOrEqual(0);
  });
});

test.describe('gateway: the built apps', () => {
  test('client routes get the shell, hashed files are immutable, unknown files are 404', async ({
    request,
  }) => {
    const route = await request.get('/investor/deposit');
    expect(route.status()).toBe(200);
    expect(route.headers()['content-type']).toContain('text/html');
    expect(route.headers()['cache-control']).toBe('no-cache');

    const manifest = await request.get('/remotes/landing/mf-manifest.json');
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()['cache-control']).toBe('no-cache');
    const script = (await route.text()).match(/src="(\/main\.[0-9a-f]{10}\.js)"/)?.[1];
    expect(script).toBeTruthy();
    const main = await request.get(script as string, { headers: { 'accept-encoding': 'gzip' } });
    expect(main.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(main.headers()['content-encoding']).toBe('gzip');

    expect((await request.get('/missing.js')).status()).toBe(404);
    expect((await request.get('/remotes/landing/missing.js')).status()).toBe(404);
    expect((await request.get('/remotes/nobody/mf-manifest.json')).status()).toBe(404);
  });

  test('paths cannot climb out of the build folders', async () => {
    for (const path of [
      '/remotes/landing/..%2f..%2fpackage.json',
      '/..%2f..%2fpackage.json',
      '/remotes/landing/%2e%2e/%2e%2e/package.json',
    ]) {
      const response = await fetch(`${stack().gatewayUrl}${path}`);
      const text = await response.text();
      expect(text).not.toContain('"@cropvest/');
    }
  });
});
