// What integration tests use to talk to the running stack: plain HTTP through the gateway, like a client.
import { readFileSync } from 'node:fs';
import { createHash, randomUUID } from 'node:crypto';
import type { LocalChainsSummary } from '../../scripts/chain/client.ts';

export interface StackInfo {
  gatewayUrl: string;
  databaseUrl: string;
  natsUrl: string;
  /** The test principal's NATS user and password (docs/decisions/0050-bus-permissions.md). */
  natsUser: string;
  natsPassword: string;
  /** Every principal's password, for a test that starts another replica of a service. */
  natsCredentialsFile: string;
  s3Endpoint: string;
  services: Record<string, string>;
  /** Each process's Prometheus endpoint, on its internal metrics port (never through the gateway). */
  metrics: Record<string, string>;
  adminEmail: string;
  adminPassword: string;
  investorEmail: string;
  investorPassword: string;
  /** The local chains the chain service watches (decision 0083). */
  localChains: LocalChainsSummary;
}

let cached: StackInfo | undefined;
export function stack(): StackInfo {
  cached ??= JSON.parse(readFileSync(process.env.STACK_FILE as string, 'utf8')) as StackInfo;
  return cached;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** A raw body, sent as is (for malformed JSON, or a file's bytes with their own content-type header). */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  /** The client IP the gateway sees (tests run with TRUSTED_PROXY_HOPS=1). Each test uses its own. */
  ip?: string;
  /** The device cookie sent (cv_device): the browser the call comes from. */
  device?: string;
  /** Call a service directly instead of through the gateway. */
  base?: string;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = any>(
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  if (options.device) headers.cookie = `cv_device=${options.device}`;
  // Bytes as a plain Uint8Array: a body both Node's and the DOM's fetch types accept (the journeys read this too).
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (options.rawBody !== undefined) {
    body = typeof options.rawBody === 'string' ? options.rawBody : new Uint8Array(options.rawBody);
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${options.base ?? stack().gatewayUrl}${path}`, { method, headers, body });
  return { status: response.status, body: parseBody(await response.text()) as T, headers: response.headers };
}

/** A response body: its JSON when it is JSON, else its text (an error page), undefined when empty. */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A fresh, unique client IP so one test's rate limits and lock-outs never touch another's. */
export const freshIp = (): string =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
export const uniqueEmail = (label = 'user'): string => `${label}-${randomUUID().slice(0, 8)}@example.com`;

export interface Session {
  accessToken: string;
  refreshToken: string;
  user: { id: string; email: string; role: string; name: string };
}

/**
 * The device an account's test calls sign up and sign in from: one per account, like a person's own browser, so
 * a later sign-in from a fresh address is not from somewhere new and needs no mailed approval
 * (docs/decisions/0100-new-device-approval.md). A test of the approval itself signs in without it.
 */
export const deviceCookieOf = (email: string): string =>
  createHash('sha256').update(`device:${email.trim().toLowerCase()}`).digest('base64url');

export async function registerInvestor(
  overrides: Partial<{ name: string; email: string; password: string }> = {},
): Promise<Session & { password: string }> {
  const password = overrides.password ?? 'secret-pass-1';
  const email = overrides.email ?? uniqueEmail('investor');
  const result = await call<Session>('POST', '/api/auth/register', {
    ip: freshIp(),
    device: deviceCookieOf(email),
    body: { name: overrides.name ?? 'Test Investor', email, password },
  });
  if (result.status !== 201)
    throw new Error(`register failed: ${result.status} ${JSON.stringify(result.body)}`);
  return { ...result.body, password };
}

export async function login(email: string, password: string): Promise<Session> {
  const result = await call<Session>('POST', '/api/auth/login', {
    ip: freshIp(),
    device: deviceCookieOf(email),
    body: { email, password },
  });
  if (result.status !== 200 || !result.body.accessToken)
    throw new Error(`login failed: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}

export const loginAdmin = (): Promise<Session> => login(stack().adminEmail, stack().adminPassword);

let admin: Session | undefined;
/** The stack's admin, signed in once per suite: every sign-in costs a password hash on a shared machine. */
export const adminSession = async (): Promise<Session> => (admin ??= await loginAdmin());

/** A second admin: a fresh account promoted by the first admin, then signed in again (four-eyes approvals). */
export async function secondAdmin(): Promise<Session> {
  const user = await registerInvestor({ name: 'Second Admin' });
  const promoted = await api(
    'PATCH',
    `/api/admin/users/${user.user.id}`,
    (await adminSession()).accessToken,
    {
      role: 'admin',
    },
  );
  if (promoted.status !== 200)
    throw new Error(`promote failed: ${promoted.status} ${JSON.stringify(promoted.body)}`);
  return login(user.user.email, user.password);
}

let second: Promise<Session> | undefined;
/** One second admin per suite, for the approvals at or above the four-eyes threshold. */
export const secondAdminSession = (): Promise<Session> => (second ??= secondAdmin());

/** A call through the gateway from a fresh client IP, with an optional bearer token: what most tests send. */
export const api = <T = any>(method: string, path: string, token?: string, body?: unknown) =>
  call<T>(method, path, { token, body, ip: freshIp() });

/**
 * The admin approves what waits for review at `resource` (`/api/admin/deposits/<id>`, `/api/admin/kyc/<id>`); a
 * request that then still awaits a second approval (four-eyes, at or above the threshold) is approved by a second
 * admin. Throws unless approved.
 */
export async function approveAsAdmin(resource: string): Promise<void> {
  const approve = async (session: Session) => {
    const approved = await api('PUT', `${resource}/status`, session.accessToken, { status: 'approved' });
    if (approved.status !== 200)
      throw new Error(`approving ${resource} failed: ${approved.status} ${JSON.stringify(approved.body)}`);
    return approved.body as { status?: string; firstApprovedBy?: string | null };
  };
  const first = await approve(await adminSession());
  if (first.status === 'pending' && first.firstApprovedBy) await approve(await secondAdminSession());
}

/** Polls until `check` returns a value (events travel asynchronously). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
