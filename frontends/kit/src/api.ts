// The one RTK Query API of the whole front end (ARCHITECTURE.md section 9). The shell creates the store
// with it; every remote adds its calls with `api.injectEndpoints`. Call rules (spec section 7): a bearer
// header from the stored access token, cookies always sent, a JSON content type only when there is a body,
// errors as "<status>: <body text>", no retries, no refetch on focus, data fresh until invalidated; a 401
// triggers one token refresh and one retry, and a failed refresh signs the user out.
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type {
  AuthResponse,
  LoginRequest,
  PublicSettings,
  PublicStats,
  RegisterRequest,
  TokenPair,
  User,
} from '@cropvest/contracts';
import type {
  EnrolledSignIn,
  LoginResponse,
  TwoFactorEnrolConfirmRequest,
  TwoFactorEnrolment,
  TwoFactorLoginRequest,
} from '@cropvest/contracts/identity/two-factor';
import {
  accountProtectionOperations,
  dashboardOperations,
  identityOperations,
  notificationOperations,
} from '@cropvest/contracts/browser-operations';
import { toApiError, type ApiError } from './errors.ts';
import { knownText } from '@cropvest/web-kit/known-texts';
import { queryString } from '@cropvest/contracts/operation-call';
import { operationRequest, type ApiRequest } from './operations.ts';
import { CHANGE_PASSWORD_PAGE } from './navigation.ts';
import { navigate } from './router.tsx';
import { tokens } from './tokens.ts';

export type { ApiRequest };

/** Calls whose 401 means "wrong credentials", not "expired token". */
const NO_REFRESH: readonly string[] = [
  identityOperations.login,
  identityOperations.register,
  identityOperations.refresh,
  identityOperations.logout,
  // Asking to unfreeze checks the password of an account that has no session.
  accountProtectionOperations.requestUnfreeze,
].map((operation) => operation.path);

export function apiUrl(request: ApiRequest | string): string {
  const req = typeof request === 'string' ? { url: request } : request;
  return `/api/${req.url.replace(/^\/+/, '').replace(/^api\//, '')}${queryString(req.params)}`;
}

/** What a response says besides its body: the total behind a paged list (`X-Total-Count`). */
export interface ApiMeta {
  totalCount?: number;
}

/** One fetch with the call rules' headers (bearer token, JSON content type only with a body, cookies). */
function open(request: ApiRequest, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = {};
  const access = tokens.access();
  if (access) headers.authorization = `Bearer ${access}`;
  const hasBody = request.body !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';
  return fetch(apiUrl(request), {
    method: request.method ?? 'GET',
    headers,
    credentials: 'include',
    ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
    ...(signal ? { signal } : {}),
  });
}

async function send(
  request: ApiRequest,
  signal?: AbortSignal,
): Promise<{ data: unknown; meta: ApiMeta } | { error: ApiError }> {
  let response: Response;
  try {
    response = await open(request, signal);
  } catch (error) {
    return {
      error: { status: 0, message: `0: ${error instanceof Error ? error.message : 'Network error'}` },
    };
  }
  const text = await response.text();
  if (!response.ok) return { error: toApiError(response.status, response.statusText, text) };
  const total = response.headers.get('x-total-count');
  const meta: ApiMeta = total !== null && /^\d+$/.test(total) ? { totalCount: Number(total) } : {};
  if (!text) return { data: null, meta };
  try {
    return { data: JSON.parse(text) as unknown, meta };
  } catch {
    return { data: text, meta };
  }
}

/**
 * Called when a refresh fails, or when the account turns out to be suspended: the shell signs the user out,
 * saying why when there is a reason to give.
 */
let onSessionExpired: (reason?: string) => void = () => {
  tokens.clear();
};
export const setSessionExpiredHandler = (handler: (reason?: string) => void): void => {
  onSessionExpired = handler;
};

/** The refusal of a suspended (banned) account's calls, from the gateway or from the refresh. */
const SUSPENDED = 'ACCOUNT_BANNED';
/** The message to sign a suspended account out with, in the page's language; nothing for any other refusal. */
const suspension = (refusal: ApiError | null): string | undefined =>
  refusal?.code === SUSPENDED && refusal.serverMessage ? knownText(refusal.serverMessage) : undefined;

/** Why the last refresh was refused, for the sign-out that follows it. */
let refreshRefusal: ApiError | null = null;

let refreshing: Promise<boolean> | null = null;
/** One refresh at a time, however many calls got a 401 together. */
export function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = tokens.refresh();
    if (!refreshToken) return false;
    const result = await send(operationRequest(identityOperations.refresh, { body: { refreshToken } }));
    refreshRefusal = 'error' in result ? result.error : null;
    if ('error' in result) return false;
    tokens.save(result.data as TokenPair);
    return true;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * The session rules around one attempt: on a 401, one refresh and one retry; a failed refresh signs out. A
 * suspended account (banned while signed in) is signed out at once with the refusal's message.
 */
async function withSession<T>(
  request: ApiRequest,
  attempt: () => Promise<T>,
  refusal: (result: T) => Promise<ApiError | null>,
): Promise<T> {
  const first = await attempt();
  if (NO_REFRESH.includes(apiUrl({ url: request.url }))) return first;
  const refused = await refusal(first);
  if (!refused) return first;
  if (refused.code === SUSPENDED && tokens.access()) {
    onSessionExpired(suspension(refused));
    return first;
  }
  if (refused.status !== 401 || !tokens.refresh()) return first;
  if (!(await refreshTokens())) {
    onSessionExpired(suspension(refreshRefusal));
    return first;
  }
  return attempt();
}

/** One call with the session rules: on a 401, one refresh and one retry; a failed refresh signs out. */
export async function callApi(
  args: ApiRequest | string,
  signal?: AbortSignal,
): Promise<{ data: unknown; meta?: ApiMeta } | { error: ApiError }> {
  const request = typeof args === 'string' ? { url: args } : args;
  const result = await withSession(
    request,
    () => send(request, signal),
    async (result) => ('error' in result ? result.error : null),
  );
  // Periodic password reset: the server answers nothing else until the password is changed.
  if (
    'error' in result &&
    result.error.code === 'PASSWORD_EXPIRED' &&
    location.pathname !== CHANGE_PASSWORD_PAGE
  )
    navigate(CHANGE_PASSWORD_PAGE, { replace: true });
  return result;
}

/**
 * The raw Response of one call with the same session rules as callApi (bearer token, one refresh and one
 * retry on a 401), for answers that are files rather than JSON (download.ts). Rejects on a network error;
 * the caller reads the status and the body.
 */
export async function fetchWithSession(args: ApiRequest | string, signal?: AbortSignal): Promise<Response> {
  const request = typeof args === 'string' ? { url: args } : args;
  return withSession(
    request,
    () => open(request, signal),
    async (response) =>
      response.status === 401 || response.status === 403
        ? toApiError(response.status, response.statusText, await response.clone().text())
        : null,
  );
}

export const baseQuery: BaseQueryFn<ApiRequest | string, unknown, ApiError, object, ApiMeta> = (
  args,
  { signal },
) => callApi(args, signal);

/** A page of a server-paged list with the total count the server reported. */
export interface Paged<T> {
  items: T[];
  total: number;
}
/** For `transformResponse` of a paged list: the array and the `X-Total-Count` header. */
export const toPaged = <T>(items: T[], meta: ApiMeta | undefined): Paged<T> => ({
  items,
  total: meta?.totalCount ?? items.length,
});

/** The server's largest page (PageQuery in the contracts). */
export const MAX_PAGE_SIZE = 200;

/**
 * Every item of one person's paged list, page by page (for figures that add the whole list up, such as the
 * investment counters); the server still never returns more than one page per call.
 */
export async function fetchAllPages<T>(
  request: ApiRequest,
  signal?: AbortSignal,
): Promise<{ data: T[] } | { error: ApiError }> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const params = { ...request.params, page, pageSize: MAX_PAGE_SIZE };
    const result = await callApi({ ...request, params }, signal);
    if ('error' in result) return result;
    const batch = result.data as T[];
    items.push(...batch);
    const total = result.meta?.totalCount ?? items.length;
    if (batch.length === 0 || items.length >= total) return { data: items };
  }
}

export const TAGS = [
  'User',
  'Notifications',
  'Plans',
  'Investments',
  'Deposits',
  'Withdrawals',
  'Transactions',
  'WalletSettings',
  /** The networks accepted for deposits and withdrawals: the admin's Payment Methods and the investor's Withdraw. */
  'PaymentMethods',
  'AdminDashboard',
  'Stats',
  'Settings',
  /** The admin's user lists (each user by id, and LIST for the pages and counts). */
  'AdminUsers',
  /** Everything on one user's admin page, by user id. */
  'AdminUserPage',
  /** Reconciliations and proofs of liabilities (docs/decisions/0082). */
  'Reserves',
  /** An investor's own KYC submission ({ id: 'MINE' }), and the admin's review queue. */
  'Kyc',
  'AdminKyc',
  /** Support tickets: an investor's own, and the admin's queue. */
  'Tickets',
  // Admin screens the live stream refreshes (live-changes.ts), so their tags are known here.
  /** Transfers nobody claimed (the admin's queue). */
  'UnmatchedTransfers',
  /** A plan's funding desk and records, by plan id and LIST; and the reserve fund's figures. */
  'PlanFunding',
  'ReserveFund',
] as const;

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAGS,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  // "Data fresh forever": cached results stay until a mutation invalidates them or the page reloads.
  keepUnusedDataFor: 60 * 60 * 24,
  endpoints: (build) => ({
    me: build.query<User, void>({
      query: () => operationRequest(identityOperations.me),
      providesTags: ['User'],
    }),
    // With two-factor on the answer is a challenge for the second step instead of a session.
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => operationRequest(identityOperations.login, { body }),
    }),
    loginTwoFactor: build.mutation<AuthResponse, TwoFactorLoginRequest>({
      query: (body) => operationRequest(identityOperations.loginTwoFactor, { body }),
    }),
    startLoginEnrolment: build.mutation<TwoFactorEnrolment, { challengeToken: string }>({
      query: (body) => operationRequest(identityOperations.loginTwoFactorEnrolment, { body }),
    }),
    confirmLoginEnrolment: build.mutation<EnrolledSignIn, TwoFactorEnrolConfirmRequest>({
      query: (body) => operationRequest(identityOperations.loginTwoFactorEnrolmentConfirm, { body }),
    }),
    register: build.mutation<AuthResponse, RegisterRequest>({
      query: (body) => operationRequest(identityOperations.register, { body }),
    }),
    publicSettings: build.query<PublicSettings, void>({
      query: () => operationRequest(identityOperations.publicSettings),
      providesTags: ['Settings'],
    }),
    publicStats: build.query<PublicStats, void>({
      query: () => operationRequest(dashboardOperations.publicStats),
      providesTags: ['Stats'],
    }),
    unreadCount: build.query<{ count: number }, void>({
      query: () => operationRequest(notificationOperations.unreadNotificationCount),
      providesTags: ['Notifications'],
    }),
  }),
});

/** The unread count is polled every 30 seconds (spec section 9). */
export const UNREAD_POLL_MS = 30_000;

export const {
  useMeQuery,
  useLoginMutation,
  useLoginTwoFactorMutation,
  useStartLoginEnrolmentMutation,
  useConfirmLoginEnrolmentMutation,
  useRegisterMutation,
  usePublicSettingsQuery,
  usePublicStatsQuery,
  useUnreadCountQuery,
} = api;
