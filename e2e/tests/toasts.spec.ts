import type { Page } from '@playwright/test';
import { test, expect, stack } from '../support/fixtures.ts';

async function failLogin(page: Page, password: string) {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('toasts (spec section 9)', () => {
  test('F8 moves focus to the toast area', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.keyboard.press('F8');
    await expect(page.getByRole('region', { name: /Notification/ }).locator('ol')).toBeFocused();
  });

  test('one toast at a time, and a swipe right of more than 50 px dismisses it', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(stack().investorEmail);
    await failLogin(page, 'wrong-password-1');
    const toasts = page.getByRole('region', { name: /Notification/ }).locator('li:visible');
    await expect(toasts).toHaveCount(1);
    await failLogin(page, 'wrong-password-2');
    await expect(toasts).toHaveCount(1);

    const box = await toasts.first().boundingBox();
    if (!box) throw new Error('the toast has no box');
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let dx = 10; dx <= 90; dx += 10) await page.mouse.move(box.x + 20 + dx, box.y + box.height / 2);
    await page.mouse.up();
    await expect(toasts).toHaveCount(0);
  });
});
