import type { Page } from '@playwright/test';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { test, expect, uniqueEmail } from '../support/fixtures.ts';
import { answerTo } from '../support/calls.ts';
import { axeClean } from '../support/a11y.ts';

async function failLogin(page: Page, password: string) {
  await page.getByLabel('Password', { exact: true }).fill(password);
  const answered = page.waitForResponse(answerTo(identityOperations.login));
  await page.getByRole('button', { name: 'Sign In' }).click();
  expect((await answered).status()).toBe(401);
}

test.describe('toasts (spec section 9)', () => {
  test('F8 moves focus to the toast area', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.keyboard.press('F8');
    await expect(page.getByRole('region', { name: /Notification/ }).locator('ol')).toBeFocused();
    await axeClean(page, false);
  });

  test('one toast at a time, and a swipe right of more than 50 px dismisses it', async ({ page }) => {
    await page.goto('/login');
    // An unknown address: failed sign-ins must not lock out an account other journeys use.
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await failLogin(page, 'wrong-password-1');
    const toasts = page.getByRole('region', { name: /Notification/ }).locator('li:visible');
    await expect(toasts).toHaveCount(1);
    await failLogin(page, 'wrong-password-2');
    await expect(toasts).toHaveCount(1);
    await axeClean(page, false);

    // The second toast replaced the first: wait until it stands still before swiping it.
    const found: { box: { x: number; y: number; width: number; height: number } | null } = { box: null };
    await expect
      .poll(async () => {
        found.box = await toasts.first().boundingBox();
        return found.box !== null;
      })
      .toBe(true);
    const box = found.box;
    if (!box) throw new Error('the toast has no box');
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let dx = 10; dx <= 90; dx += 10) await page.mouse.move(box.x + 20 + dx, box.y + box.height / 2);
    await page.mouse.up();
    await expect(toasts).toHaveCount(0);
  });
});
