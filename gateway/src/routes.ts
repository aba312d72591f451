// Which service answers which /api prefix, and who may call it. Longest prefix wins.
import type { GatewayConfig } from './config.ts';

export interface UpstreamTarget {
  /** Parsed once: requests go to this host and port only, whatever the client's request line says. */
  hostname: string;
  port: number;
  /** Until when a replica that refused a connection is passed over (epoch ms). */
  downUntil: number;
}

export interface Upstream {
  name: string;
  /** Every replica of the service. */
  targets: UpstreamTarget[];
  /** The replica for the next request: round robin over those not known to be down (all, if none is up). */
  pick: () => UpstreamTarget;
}

function upstream(name: string, urls: string): Upstream {
  const targets = urls.split(',').map((url) => {
    const { hostname, port } = new URL(url);
    // URL keeps IPv6 literals in brackets; the HTTP client wants the bare address.
    return { hostname: hostname.replace(/^\[(.*)\]$/, '$1'), port: port ? Number(port) : 80, downUntil: 0 };
  });
  let turn = 0;
  return {
    name,
    targets,
    pick: () => {
      const now = Date.now();
      for (let tried = 0; tried < targets.length; tried++) {
        const target = targets[turn++ % targets.length] as UpstreamTarget;
        if (target.downUntil <= now) return target;
      }
      return targets[turn++ % targets.length] as UpstreamTarget;
    },
  };
}

export interface RouteRule {
  prefix: string;
  upstream: string;
}

export function upstreams(config: GatewayConfig): Record<string, Upstream> {
  return {
    identity: upstream('identity', config.IDENTITY_URL),
    support: upstream('support', config.SUPPORT_URL),
    kyc: upstream('kyc', config.KYC_URL),
    notify: upstream('notify', config.NOTIFY_URL),
    wallet: upstream('wallet', config.WALLET_URL),
    plans: upstream('plans', config.PLANS_URL),
  };
}

export const ROUTES: RouteRule[] = [
  { prefix: '/api/auth', upstream: 'identity' },
  { prefix: '/api/settings', upstream: 'identity' },
  { prefix: '/api/admin/users', upstream: 'identity' },
  { prefix: '/api/admin/settings', upstream: 'identity' },
  { prefix: '/api/admin/audit-logs', upstream: 'identity' },
  { prefix: '/api/admin/reports/users', upstream: 'identity' },
  { prefix: '/api/support', upstream: 'support' },
  { prefix: '/api/admin/support', upstream: 'support' },
  { prefix: '/api/faq', upstream: 'support' },
  { prefix: '/api/admin/faq', upstream: 'support' },
  { prefix: '/api/kyc', upstream: 'kyc' },
  { prefix: '/api/admin/kyc', upstream: 'kyc' },
  { prefix: '/api/admin/reports/kyc', upstream: 'kyc' },
  { prefix: '/api/uploads/kyc-documents', upstream: 'kyc' },
  { prefix: '/api/notifications', upstream: 'notify' },
  { prefix: '/api/admin/notifications', upstream: 'notify' },
  { prefix: '/api/wallet-settings', upstream: 'wallet' },
  { prefix: '/api/deposits', upstream: 'wallet' },
  { prefix: '/api/withdrawals', upstream: 'wallet' },
  { prefix: '/api/transactions', upstream: 'wallet' },
  { prefix: '/api/objects', upstream: 'wallet' },
  { prefix: '/api/statement', upstream: 'wallet' },
  { prefix: '/api/uploads/deposit-proofs', upstream: 'wallet' },
  { prefix: '/api/admin/deposits', upstream: 'wallet' },
  { prefix: '/api/admin/withdrawals', upstream: 'wallet' },
  { prefix: '/api/admin/balance-adjustments', upstream: 'wallet' },
  { prefix: '/api/admin/wallet-settings', upstream: 'wallet' },
  { prefix: '/api/admin/reports/transactions', upstream: 'wallet' },
  { prefix: '/api/admin/ledger-entries', upstream: 'wallet' },
  { prefix: '/api/plans', upstream: 'plans' },
  { prefix: '/api/admin/plans', upstream: 'plans' },
  { prefix: '/api/plan-images', upstream: 'plans' },
  { prefix: '/api/uploads/plan-images', upstream: 'plans' },
  { prefix: '/api/investments', upstream: 'plans' },
  { prefix: '/api/admin/investments', upstream: 'plans' },
  { prefix: '/api/admin/reports/investments', upstream: 'plans' },
  { prefix: '/api/admin/reports/harvest-calendar', upstream: 'plans' },
];

/** Calls anyone may make without a token. Everything else under /api needs one. */
const PUBLIC_CALLS: { method: string; path: string }[] = [
  { method: 'POST', path: '/api/auth/login' },
  // The second sign-in step carries its own short-lived challenge instead of a token.
  { method: 'POST', path: '/api/auth/login/two-factor' },
  { method: 'POST', path: '/api/auth/login/two-factor/enrolment' },
  { method: 'POST', path: '/api/auth/login/two-factor/enrolment/confirm' },
  { method: 'POST', path: '/api/auth/register' },
  { method: 'POST', path: '/api/auth/refresh' },
  { method: 'POST', path: '/api/auth/logout' },
  { method: 'POST', path: '/api/auth/reset-password' },
  // The email-change link may be opened where nobody is signed in; its single-use token is the permission.
  { method: 'POST', path: '/api/auth/email-change/confirm' },
  { method: 'GET', path: '/api/settings/public' },
  // The landing page's testimonials (only those entered with the investor's consent).
  { method: 'GET', path: '/api/settings/testimonials' },
  // Composed by the gateway itself (compose.ts); listed so the rule reads in one place.
  { method: 'GET', path: '/api/stats/public' },
  // The landing page lists the real active plans to signed-out visitors.
  { method: 'GET', path: '/api/plans' },
  // The Support Center's FAQ holds nothing private.
  { method: 'GET', path: '/api/faq' },
];

/** Calls that stay open during maintenance, so admins can still sign in and the front end can say why. */
const MAINTENANCE_OPEN = new Set([
  '/api/auth/login',
  '/api/auth/login/two-factor',
  '/api/auth/login/two-factor/enrolment',
  '/api/auth/login/two-factor/enrolment/confirm',
  '/api/auth/refresh',
  '/api/auth/logout',
  '/api/settings/public',
  // The landing page's figures stay on show while the platform is down for maintenance.
  '/api/stats/public',
]);

export const RATE_LIMITED = new Set([
  '/api/auth/login',
  '/api/auth/login/two-factor',
  '/api/auth/login/two-factor/enrolment/confirm',
  '/api/auth/register',
  '/api/auth/reset-password',
  '/api/auth/email-change/confirm',
]);

/** Upload PUTs carry their permission in a signed token in the path (docs/decisions/0002-uploads.md). */
const UPLOAD_PATH = /^\/api\/uploads\/[a-z0-9-]+\/[A-Za-z0-9_.-]+$/;
export const isUploadPath = (path: string): boolean => UPLOAD_PATH.test(path);

/** Plan images are public (docs/decisions/0031-plan-images.md); the plans service adds the caching headers. */
const PLAN_IMAGE_READ = /^\/api\/plan-images\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/;

export const isPublicCall = (method: string, path: string): boolean =>
  PUBLIC_CALLS.some((c) => c.method === method && c.path === path) ||
  (method === 'PUT' && isUploadPath(path)) ||
  ((method === 'GET' || method === 'HEAD') && PLAN_IMAGE_READ.test(path));
export const isOpenInMaintenance = (path: string): boolean => MAINTENANCE_OPEN.has(path);
export const isAdminPath = (path: string): boolean => path === '/api/admin' || path.startsWith('/api/admin/');

export function matchRoute(path: string): RouteRule | undefined {
  let best: RouteRule | undefined;
  for (const rule of ROUTES) {
    if (
      (path === rule.prefix || path.startsWith(`${rule.prefix}/`)) &&
      (!best || rule.prefix.length > best.prefix.length)
    )
      best = rule;
  }
  return best;
}
