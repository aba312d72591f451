// Two languages (issue 27 item 6, decision 0124): the header's switch turns the landing page Spanish (words,
// amounts and dates the Spanish way, <html lang="es">), the choice survives a reload and a sign-in, the signed-in
// frame is Spanish too, English comes back with the spec's texts, and the right-to-left pseudo-locale lays the
// landing page and the dashboard out right to left with nothing wider than a phone. Axe at both widths.
import type { Page } from '@playwright/test';
import { checkedScreen } from '../support/a11y.ts';
import {
  createPlan,
  expect,
  fundedVerifiedInvestor,
  openLanding,
  test,
  useOwnDevice,
} from '../support/fixtures.ts';

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/**
 * The value shown after a label (its <dt>) on the first plan card of the landing page. Which plans it shows (four,
 * of all the stack's active ones) is not this journey's business, only how a card's dates and days are written.
 */
const planFact = (page: Page, label: string) =>
  page
    .locator('#opportunities')
    .getByRole('listitem')
    .first()
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** The page is exactly as wide as the viewport: nothing pushes it sideways. */
const noSidewaysScroll = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBe(0);

test('Spanish from the landing page to the signed-in frame, English back, and the right-to-left check', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // At least one open plan for the landing page to show.
  await createPlan(`Olive harvest ${Date.now()}`);
  const investor = await fundedVerifiedInvestor('12500');

  // The landing page in English, then Spanish from the header's switch.
  await page.setViewportSize(WIDTHS[0]);
  await openLanding(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(planFact(page, 'Harvest')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Invierte en la temporada de cultivo y gana cada día hasta la cosecha',
    }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  // Dates by the Spanish calendar ("27 nov 2026"), plurals by the Spanish rules ("30 días").
  await expect(planFact(page, 'Cosecha')).toHaveText(/^\d{1,2} [a-z]{3,4}\.? \d{4}$/);
  await expect(planFact(page, 'Duración')).toHaveText(/^\d+ días$/);
  await expect(page.getByTestId('risk-warning')).toContainText('Aviso de riesgo:');

  // Remembered: a reload stays Spanish.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('link', { name: 'Empieza a invertir hoy' })).toBeVisible();
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await checkedScreen(page, 'landing-es', size.width);
  }

  // A public page from the footer: its heading and the browser tab in Spanish too.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Condiciones del servicio' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Condiciones del servicio' })).toBeVisible();
  await expect(page).toHaveTitle('Condiciones del servicio — CropVest');

  // Sign-in in Spanish, then the investor's frame: words, and the balance grouped the Spanish way.
  await page.setViewportSize(WIDTHS[0]);
  await useOwnDevice(page, investor.email);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Hola de nuevo' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(investor.email);
  // The server refuses in English; the page says it in Spanish (decision 0129).
  await page.getByLabel('Contraseña', { exact: true }).fill(`${investor.password}-wrong`);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('Correo electrónico o contraseña incorrectos').first()).toBeVisible();
  await page.getByLabel('Contraseña', { exact: true }).fill(investor.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('Has iniciado sesión.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/investor\/dashboard$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const sidebar = page.getByRole('complementary');
  await expect(sidebar.getByText('Cuenta de inversor')).toBeVisible();
  await expect(sidebar.getByText('Saldo disponible')).toBeVisible();
  await expect(sidebar.getByTestId('sidebar-balance')).toHaveText('12.500,00 USDT');
  await expect(sidebar.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  // The remote's screen names: the sidebar's groups and links, and the browser tab.
  await expect(sidebar.getByText('Billetera', { exact: true })).toBeVisible();
  await sidebar.getByRole('link', { name: 'Historial de transacciones' }).click();
  await expect(page).toHaveURL(/\/investor\/history$/);
  await expect(page).toHaveTitle('Historial de transacciones — CropVest');
  await sidebar.getByRole('link', { name: 'Panel' }).click();
  await expect(page).toHaveURL(/\/investor\/dashboard$/);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await checkedScreen(page, 'dashboard-es', size.width);
  }
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.getByRole('button', { name: 'Abrir el menú' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('Cuenta de inversor')).toBeVisible();

  // English again from the switch: the spec's texts and figures.
  await drawer.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.setViewportSize(WIDTHS[0]);
  await expect(sidebar.getByText('Investor Account')).toBeVisible();
  await expect(sidebar.getByText('Available balance')).toBeVisible();
  await expect(sidebar.getByTestId('sidebar-balance')).toHaveText('12,500.00 USDT');
  await expect(sidebar.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.reload();
  await expect(sidebar.getByText('Investor Account')).toBeVisible();

  // The pseudo-locale: right to left, nothing wider than the phone, axe clean.
  await page.goto('/investor/dashboard?lang=ar-XB');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-XB');
  await expect(page.getByRole('complementary').getByTestId('sidebar-balance')).toHaveText('12,500.00 USDT');
  // The sidebar stands at the start of the line, which is the right-hand side.
  const sidebarBox = await page.getByRole('complementary').boundingBox();
  expect(sidebarBox!.x).toBeGreaterThan(WIDTHS[0].width / 2);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await noSidewaysScroll(page);
    await checkedScreen(page, 'dashboard-rtl', size.width);
  }
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.removeItem('accessToken');
    localStorage.removeItem('refreshToken');
  });
  // The prerendered first screen is English and goes at once; the live page's heading is what to wait for.
  await openLanding(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await noSidewaysScroll(page);
    await checkedScreen(page, 'landing-rtl', size.width);
  }
});
