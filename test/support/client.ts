// The one client the tests talk to the stack with (issue 29 item 4): the jest suites (test/support/api.ts), the
// Playwright journeys (e2e/support/fixtures.ts) and the benchmarks (bench/support/stack.ts) each make one for their
// stack's gateway. A call names its operation in the contracts (decision 0120), never a path: the path parameters,
// query and body are typed by the operation, and so is the answer when it succeeds.
import { createHash } from 'node:crypto';
import type { ApiOperation } from '@cropvest/contracts/api-operation';
import type { AuthResponse, ErrorBody } from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import {
  operationCall,
  queryString,
  type OperationAnswer,
  type OperationArgs,
} from '@cropvest/contracts/operation-call';

/** Who calls, and from where: the bearer token, the client IP the gateway sees, the browser's device cookie. */
export interface Caller {
  token?: string;
  /** Sent as X-Forwarded-For (the stacks trust one proxy hop); each test uses its own to keep limits apart. */
  ip?: string;
  /** The device cookie (cv_device): the browser the call comes from. */
  device?: string;
  headers?: Record<string, string>;
  /** Another base than the gateway (a service called directly). */
  base?: string;
}

export interface RawOptions extends Caller {
  body?: unknown;
  /** A body sent as is (malformed JSON, or a file's bytes with their own content-type header). */
  rawBody?: string | Buffer;
}

export interface RawAnswer {
  ok: boolean;
  status: number;
  /** The JSON answer, its text when it is not JSON, undefined when empty. */
  body: unknown;
  headers: Headers;
}

type CallArgs<Op extends ApiOperation> = OperationArgs<Op> & Caller;
type CallArgsOf<Op extends ApiOperation> =
  object extends OperationArgs<Op> ? [args?: CallArgs<Op>] : [args: CallArgs<Op>];

/** An answer: the operation's typed body when it succeeded, the error body when it was refused. */
export type Answer<Op> =
  | { ok: true; status: number; body: OperationAnswer<Op>; headers: Headers }
  | { ok: false; status: number; body: ErrorBody; headers: Headers };

/** A response body: its JSON when it is JSON, else its text (an error page), undefined when empty. */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export type Session = AuthResponse;

/**
 * The device an account's test calls sign up and sign in from: one per account, like a person's own browser, so
 * a later sign-in from a fresh address is not from somewhere new and needs no mailed approval
 * (docs/decisions/0100-new-device-approval.md). A test of the approval itself signs in without it.
 */
export const deviceCookieOf = (email: string): string =>
  createHash('sha256').update(`device:${email.trim().toLowerCase()}`).digest('base64url');

export class StackClient {
  /**
   * @param gatewayUrl the stack's gateway
   * @param defaultIp the client IP of a call that names none (a fresh one per call keeps rate limits apart)
   */
  constructor(
    readonly gatewayUrl: string,
    private readonly defaultIp: () => string | undefined = () => undefined,
  ) {}

  /** One call of `operation`; answers its outcome, whatever the status. */
  async call<Op extends ApiOperation>(operation: Op, ...[args]: CallArgsOf<Op>): Promise<Answer<Op>> {
    const { token, ip, device, headers, base, ...request } = (args ?? {}) as CallArgs<Op>;
    const { method, path, query, body } = operationCall(operation, ...([request] as [OperationArgs<Op>]));
    const answer = await this.raw(method, `${path}${queryString(query)}`, {
      token,
      ip,
      device,
      headers,
      base,
      body,
    });
    return answer.ok
      ? { ...answer, ok: true, body: answer.body as OperationAnswer<Op> }
      : { ...answer, ok: false, body: answer.body as ErrorBody };
  }

  /**
   * A request to any path, as given: for what no operation declares or a test sends on purpose (malformed
   * bodies, unknown paths, a signed upload address an answer gave, a service called directly with `base`).
   */
  async raw(method: string, path: string, options: RawOptions = {}): Promise<RawAnswer> {
    const {
      token,
      ip = this.defaultIp(),
      device,
      headers: extra,
      body,
      rawBody,
      base = this.gatewayUrl,
    } = options;
    const headers: Record<string, string> = { ...extra };
    if (token) headers.authorization = `Bearer ${token}`;
    if (ip) headers['x-forwarded-for'] = ip; // '' sends none: the call comes from the socket's address
    if (device) headers.cookie = `cv_device=${device}`;
    // Bytes as a plain Uint8Array: a body both Node's and the DOM's fetch types accept.
    let sent: string | Uint8Array<ArrayBuffer> | undefined;
    if (rawBody !== undefined) {
      sent = typeof rawBody === 'string' ? rawBody : new Uint8Array(rawBody);
      headers['content-type'] ??= 'application/json';
    } else if (body !== undefined) {
      sent = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${base}${path}`, { method, headers, body: sent });
    return {
      ok: response.ok,
      status: response.status,
      body: parseBody(await response.text()),
      headers: response.headers,
    };
  }

  /** One call of `operation` that must succeed: answers its typed body, or throws with the refusal. */
  async ok<Op extends ApiOperation>(operation: Op, ...args: CallArgsOf<Op>): Promise<OperationAnswer<Op>> {
    const answer = await this.call(operation, ...args);
    if (!answer.ok)
      throw new Error(`${operation.id} refused: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  /** Signs in with a password from the account's own device; throws unless a session opens (no second step). */
  async signIn(email: string, password: string, caller: Caller = {}): Promise<Session> {
    const answer = await this.ok(identityOperations.login, {
      device: deviceCookieOf(email),
      ...caller,
      body: { email, password },
    });
    if (!('accessToken' in answer))
      throw new Error(`sign-in of ${email} opened no session: ${JSON.stringify(answer)}`);
    return answer;
  }

  /** Registers an investor from their own device; answers the session. */
  register(
    account: { name: string; email: string; password: string },
    caller: Caller = {},
  ): Promise<Session> {
    return this.ok(identityOperations.register, {
      device: deviceCookieOf(account.email),
      ...caller,
      body: account,
    });
  }
}

/** Polls until `check` returns a value (events travel asynchronously); throws naming `what` after `timeoutMs`. */
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
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
