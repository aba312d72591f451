// The shell's routing rules (spec section 2) as one pure function, so they can be tested without a browser.
import {
  ACCOUNT_LINK_PAGES,
  ADMIN_DASHBOARD,
  CHANGE_PASSWORD_PAGE,
  INVESTOR_DASHBOARD,
  PUBLIC_PAGES,
  UNFREEZE_PAGE,
} from './navigation.ts';

export interface SessionView {
  status: 'loading' | 'ready';
  user: { role: 'admin' | 'investor' } | null;
}

export type RouteDecision =
  | { kind: 'loading' }
  | { kind: 'redirect'; to: string }
  | { kind: 'landing' }
  | { kind: 'public' }
  | { kind: 'login' }
  | { kind: 'register' }
  | { kind: 'confirm-email' }
  | { kind: 'reset-password' }
  | { kind: 'approve-device' }
  | { kind: 'freeze' }
  | { kind: 'unfreeze' }
  | { kind: 'unfreeze-confirm' }
  | { kind: 'change-password' }
  | { kind: 'investor' }
  | { kind: 'admin' }
  | { kind: 'not-found' };

/** "/admin/users/" and "/admin/users" are the same route. */
export const normalisePath = (pathname: string): string =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;

export const dashboardFor = (role: 'admin' | 'investor'): string =>
  role === 'admin' ? ADMIN_DASHBOARD : INVESTOR_DASHBOARD;

export function resolveRoute(pathname: string, session: SessionView): RouteDecision {
  const path = normalisePath(pathname);
  // A mailed link works whoever is signed in on this browser, and needs no session to start.
  if (path === ACCOUNT_LINK_PAGES.confirmEmail) return { kind: 'confirm-email' };
  if (path === ACCOUNT_LINK_PAGES.resetPassword) return { kind: 'reset-password' };
  if (path === ACCOUNT_LINK_PAGES.approveDevice) return { kind: 'approve-device' };
  if (path === ACCOUNT_LINK_PAGES.freeze) return { kind: 'freeze' };
  if (path === ACCOUNT_LINK_PAGES.unfreezeConfirm) return { kind: 'unfreeze-confirm' };
  if (path === UNFREEZE_PAGE) return { kind: 'unfreeze' };
  if (session.status === 'loading') return { kind: 'loading' };
  if (PUBLIC_PAGES.has(path)) return { kind: 'public' };

  const user = session.user;
  if (!user) {
    if (path === '/') return { kind: 'landing' };
    if (path === '/login') return { kind: 'login' };
    if (path === '/register') return { kind: 'register' };
    return { kind: 'redirect', to: '/login' };
  }

  if (path === CHANGE_PASSWORD_PAGE) return { kind: 'change-password' };
  if (path === '/') return { kind: 'redirect', to: dashboardFor(user.role) };
  if (path === '/login' || path === '/register') return { kind: 'redirect', to: '/' };
  // Admin routes exist only for admins and investor routes only for investors: anything else is unknown.
  // Which paths of its area exist is the area's own route list (an unknown one there is a 404 too).
  if (user.role === 'admin' && path.startsWith('/admin/')) return { kind: 'admin' };
  if (user.role === 'investor' && path.startsWith('/investor/')) return { kind: 'investor' };
  return { kind: 'not-found' };
}
