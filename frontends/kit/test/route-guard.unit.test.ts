import { describe, expect, it } from '@jest/globals';
import { resolveRoute, type SessionView } from '../src/route-guard.ts';

const loading: SessionView = { status: 'loading', user: null };
const signedOut: SessionView = { status: 'ready', user: null };
const investor: SessionView = { status: 'ready', user: { role: 'investor' } };
const admin: SessionView = { status: 'ready', user: { role: 'admin' } };

describe('route guards (spec section 2)', () => {
  it('shows a spinner while the current user loads, whatever the path', () => {
    expect(resolveRoute('/admin/dashboard', loading)).toEqual({ kind: 'loading' });
    expect(resolveRoute('/', loading)).toEqual({ kind: 'loading' });
  });

  it('signed out: / is the landing page, /login and /register exist, anything else goes to /login', () => {
    expect(resolveRoute('/', signedOut)).toEqual({ kind: 'landing' });
    expect(resolveRoute('/login', signedOut)).toEqual({ kind: 'login' });
    expect(resolveRoute('/register/', signedOut)).toEqual({ kind: 'register' });
    for (const path of ['/investor/dashboard', '/admin/dashboard', '/nowhere', '/admin/unknown'])
      expect(resolveRoute(path, signedOut)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('the public pages open for everyone', () => {
    for (const session of [signedOut, investor, admin]) {
      expect(resolveRoute('/terms', session)).toEqual({ kind: 'public' });
      expect(resolveRoute('/privacy', session)).toEqual({ kind: 'public' });
      expect(resolveRoute('/support-info', session)).toEqual({ kind: 'public' });
    }
  });

  it('the pages of mailed links open for everyone, even before the session has loaded', () => {
    for (const session of [loading, signedOut, investor, admin]) {
      expect(resolveRoute('/confirm-email', session)).toEqual({ kind: 'confirm-email' });
      expect(resolveRoute('/reset-password/', session)).toEqual({ kind: 'reset-password' });
      expect(resolveRoute('/approve-device', session)).toEqual({ kind: 'approve-device' });
      expect(resolveRoute('/freeze', session)).toEqual({ kind: 'freeze' });
      expect(resolveRoute('/unfreeze/confirm/', session)).toEqual({ kind: 'unfreeze-confirm' });
      // Asking to unfreeze needs no session either: a frozen account has none.
      expect(resolveRoute('/unfreeze', session)).toEqual({ kind: 'unfreeze' });
    }
  });

  it('the change-password step (periodic password reset) is for the signed-in; signed out it goes to /login', () => {
    expect(resolveRoute('/change-password', investor)).toEqual({ kind: 'change-password' });
    expect(resolveRoute('/change-password/', admin)).toEqual({ kind: 'change-password' });
    expect(resolveRoute('/change-password', signedOut)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('signed in: / leads to the role dashboard and /login, /register back to /', () => {
    expect(resolveRoute('/', investor)).toEqual({ kind: 'redirect', to: '/investor/dashboard' });
    expect(resolveRoute('/', admin)).toEqual({ kind: 'redirect', to: '/admin/dashboard' });
    expect(resolveRoute('/login', admin)).toEqual({ kind: 'redirect', to: '/' });
    expect(resolveRoute('/register', investor)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('admin paths go to the admin area only for admins, investor paths to the investor area only for investors', () => {
    expect(resolveRoute('/admin/dashboard', admin)).toEqual({ kind: 'admin' });
    expect(resolveRoute('/admin/investors/', admin)).toEqual({ kind: 'admin' });
    expect(resolveRoute('/investor/dashboard', investor)).toEqual({ kind: 'investor' });
    expect(resolveRoute('/admin/dashboard', investor)).toEqual({ kind: 'not-found' });
    expect(resolveRoute('/investor/dashboard', admin)).toEqual({ kind: 'not-found' });
    expect(resolveRoute('/admin', admin)).toEqual({ kind: 'not-found' });
    expect(resolveRoute('/somewhere', investor)).toEqual({ kind: 'not-found' });
  });
});
