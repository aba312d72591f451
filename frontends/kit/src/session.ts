// The session (spec section 4). On load, with an access token the current user is fetched; when that fails
// both tokens are removed silently. Login and register store both tokens and set the user. Logout clears
// tokens and user, and hard-redirects to /login, where its toast shows.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthResponse, User } from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/browser-operations';
import { api, apiUrl, setSessionExpiredHandler } from './api.ts';
import { operationRequest } from './operations.ts';
import { setFlash, tokens } from './tokens.ts';

export interface SessionState {
  status: 'loading' | 'ready';
  user: User | null;
  /** The account was created in this session: the dashboard welcomes it, it does not welcome it back. */
  newAccount: boolean;
}

const initialState: SessionState = { status: 'loading', user: null, newAccount: false };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<User>) {
      state.status = 'ready';
      state.user = action.payload;
      state.newAccount = false;
    },
    accountCreated(state, action: PayloadAction<User>) {
      state.status = 'ready';
      state.user = action.payload;
      state.newAccount = true;
    },
    signedOut(state) {
      state.status = 'ready';
      state.user = null;
      state.newAccount = false;
    },
  },
  extraReducers: (builder) => {
    // Every later read of /api/auth/me (after investing, depositing, withdrawing) refreshes the user.
    builder.addMatcher(api.endpoints.me.matchFulfilled, (state, action) => {
      if (state.user || state.status === 'loading') {
        state.user = action.payload;
        state.status = 'ready';
      }
    });
  },
  selectors: {
    selectSession: (state) => state,
    selectUser: (state) => state.user,
    selectNewAccount: (state) => state.newAccount,
  },
});

export const { signedIn, accountCreated, signedOut } = sessionSlice.actions;
export const { selectSession, selectUser, selectNewAccount } = sessionSlice.selectors;

type Dispatch = (action: unknown) => unknown;

/** Run once when the app starts. */
export async function loadSession(dispatch: Dispatch): Promise<void> {
  // While the first read runs, a failed refresh only clears the tokens (silently, per the spec); afterwards
  // a failed refresh signs the user out with a hard redirect to /login.
  setSessionExpiredHandler(() => tokens.clear());
  try {
    if (!tokens.access()) {
      dispatch(signedOut());
      return;
    }
    const result = (await dispatch(api.endpoints.me.initiate(undefined, { forceRefetch: true }))) as {
      data?: User;
      error?: unknown;
      unsubscribe?: () => void;
    };
    result.unsubscribe?.();
    if (result.data) dispatch(signedIn(result.data));
    else {
      tokens.clear();
      dispatch(signedOut());
    }
  } finally {
    // The sign-in page says why the person is there: a suspension's own words, else that the session ended.
    setSessionExpiredHandler((reason) => void logout(dispatch, { reason: reason ?? SESSION_ENDED_MESSAGE }));
  }
}

/** After a successful login or register call (`registered`: the account was just created). */
export function startSession(dispatch: Dispatch, auth: AuthResponse, registered = false): void {
  tokens.save(auth);
  dispatch(registered ? accountCreated(auth.user) : signedIn(auth.user));
}

export const LOGGED_OUT_MESSAGE = 'Logged out successfully!';
/** Why a signed-in person lands on the sign-in page when their session can no longer be refreshed. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/**
 * Revokes the refresh token (best effort), clears the session and hard-redirects to /login, where the toast says
 * "Logged out successfully!", or why the session ended when there is a `reason` (a suspended account).
 */
export async function logout(
  dispatch: Dispatch,
  options: { toast?: boolean; reason?: string } = {},
): Promise<void> {
  const refreshToken = tokens.refresh();
  tokens.clear();
  dispatch(signedOut());
  if (refreshToken) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 2000);
    const request = operationRequest(identityOperations.logout, { body: { refreshToken } });
    await fetch(apiUrl(request), {
      method: request.method,
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request.body),
      signal: controller.signal,
    }).catch(() => undefined);
    clearTimeout(timer);
  }
  if (options.reason) setFlash({ title: options.reason, variant: 'destructive' });
  else if (options.toast !== false) setFlash({ title: LOGGED_OUT_MESSAGE, variant: 'success' });
  window.location.assign('/login');
}
