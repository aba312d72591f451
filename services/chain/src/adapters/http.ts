// Every request to a chain endpoint goes through here (decision 0081): a timeout per attempt, retries with
// exponential backoff and jitter, HTTP 429's Retry-After honoured, and an answer that does not parse rejected. Any
// fault ends as a ChainEndpointError, which the caller treats as "try later", never as a verdict. Messages name the
// call, never the URL: providers put API keys in JSON-RPC URLs.
import type { z } from '@cropvest/contracts';
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import { ChainEndpointError } from './types.ts';

export interface RequestPolicy {
  network: NetworkName;
  /** One attempt's limit, answer body included. */
  timeoutMs: number;
  /** Attempts after the first, for faults that may pass: unreachable, timeout, 5xx, 429. */
  retries: number;
}

/** The first retry waits about this long, each next one twice as long, plus up to as much again at random. */
const BACKOFF_BASE_MS = 250;
/** A Retry-After longer than this is not waited for: the call fails as rate limited and is tried on a later round. */
const MAX_RETRY_AFTER_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function backoff(retry: number): number {
  const base = BACKOFF_BASE_MS * 2 ** retry;
  return base + Math.random() * base;
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

interface Failure {
  error: ChainEndpointError;
  retryable: boolean;
  /** How long the endpoint asked us to wait (429). */
  waitMs?: number;
}

async function attempt(
  policy: RequestPolicy,
  url: string,
  init: RequestInit,
  what: string,
): Promise<string | Failure> {
  const fail = (
    reason: ChainEndpointError['reason'],
    message: string,
    retryable: boolean,
    cause?: unknown,
  ) => ({
    error: new ChainEndpointError(policy.network, reason, `${what}: ${message}`, { cause }),
    retryable,
  });
  const timeout = AbortSignal.timeout(policy.timeoutMs);
  try {
    const response = await fetch(url, {
      ...init,
      signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
    });
    const body = await response.text();
    if (response.ok) return body;
    if (response.status === 429) {
      const failure = fail('rate_limited', 'HTTP 429 (rate limited)', true);
      const waitMs = retryAfter(response.headers.get('retry-after'));
      if (waitMs !== undefined && waitMs > MAX_RETRY_AFTER_MS) return { ...failure, retryable: false };
      return { ...failure, waitMs };
    }
    return fail('http_status', `HTTP ${response.status}`, response.status >= 500);
  } catch (error) {
    if (timeout.aborted) return fail('timeout', `no answer within ${policy.timeoutMs} ms`, true, error);
    // fetch rejects with a TypeError whose cause names the socket error (refused, reset, DNS): host and port only.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return fail('unreachable', cause?.code ?? cause?.message ?? String(error), true, cause ?? error);
  }
}

/** The body of a 2xx answer, after the retries the policy allows; throws ChainEndpointError otherwise. */
export async function fetchText(
  policy: RequestPolicy,
  url: string,
  init: RequestInit,
  what: string,
): Promise<string> {
  for (let retry = 0; ; retry++) {
    const result = await attempt(policy, url, init, what);
    if (typeof result === 'string') return result;
    if (!result.retryable || retry >= policy.retries) throw result.error;
    await sleep(result.waitMs ?? backoff(retry));
  }
}

/** Parses an answer with its schema; anything else is the endpoint's fault ('malformed'). */
export function parseAnswer<T>(network: NetworkName, schema: z.ZodType<T>, text: string, what: string): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ChainEndpointError(network, 'malformed', `${what}: the answer is not JSON`, { cause: error });
  }
  return checked(network, schema, json, what);
}

/** A value the endpoint gave, checked against what the adapter relies on. */
export function checked<T>(network: NetworkName, schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ChainEndpointError(
    network,
    'malformed',
    `${what}: unexpected answer (${issue ? `${issue.path.join('.') || 'answer'}: ${issue.message}` : 'invalid'})`,
  );
}

/** fetchText then parseAnswer: a JSON answer of the expected shape. */
export async function requestJson<T>(
  policy: RequestPolicy,
  url: string,
  init: RequestInit,
  schema: z.ZodType<T>,
  what: string,
): Promise<T> {
  return parseAnswer(policy.network, schema, await fetchText(policy, url, init, what), what);
}
