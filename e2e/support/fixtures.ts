// The journeys' fixtures: the running stack's URL as baseURL, and helpers that talk to it like a client.
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';

export interface StackInfo {
  gatewayUrl: string;
  natsUrl: string;
  adminEmail: string;
  adminPassword: string;
  investorEmail: string;
  investorPassword: string;
}

let cached: StackInfo | undefined;
export function stack(): StackInfo {
  cached ??= JSON.parse(readFileSync(process.env.STACK_FILE as string, 'utf8')) as StackInfo;
  return cached;
}

export const uniqueEmail = (label = 'web'): string => `${label}-${randomUUID().slice(0, 8)}@example.com`;

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(stack().gatewayUrl),
});
export { expect };

/** Registers an investor through the API (not the page) and returns the credentials. */
export async function createInvestor(name = 'Web Investor'): Promise<{ email: string; password: string; name: string }> {
  const email = uniqueEmail('investor');
  const password = 'Harvest-2026';
  const response = await fetch(`${stack().gatewayUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
    body: JSON.stringify({ name, email, password }),
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  return { email, password, name };
}

/** Signs in through the login page. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Logged in successfully!', { exact: true })).toBeVisible();
}
