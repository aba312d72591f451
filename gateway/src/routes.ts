// Which service answers which /api path, and who may call it without a token: both read from the contracts'
// operations (each names its owner and its auth), so a new operation is routed and its access set where it
// is declared. What stays here is the gateway's own policy: what is open in maintenance, rate limited, and
// how large a body may be.
import { apiOperations, type ApiOperation, type ApiOwner } from '@cropvest/contracts';
import { accountProtectionOperations } from '@cropvest/contracts/identity/account-protection-api';
import { dashboardOperations } from '@cropvest/contracts/reports/dashboard-api';
import { identityOperations } from '@cropvest/contracts/identity/api';
import type { GatewayConfig } from './config.ts';
import { routeTemplates } from './route-templates.ts';

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
  /** The operation's path template (`/api/deposits/{id}/proof`). */
  template: string;
  upstream: Exclude<ApiOwner, 'gateway'>;
}

export function upstreams(config: GatewayConfig): Record<string, Upstream> {
  return {
    identity: upstream('identity', config.IDENTITY_URL),
    support: upstream('support', config.SUPPORT_URL),
    kyc: upstream('kyc', config.KYC_URL),
    notify: upstream('notify', config.NOTIFY_URL),
    wallet: upstream('wallet', config.WALLET_URL),
    plans: upstream('plans', config.PLANS_URL),
    chain: upstream('chain', config.CHAIN_URL),
  };
}

interface ApiRoute {
  template: string;
  pattern: RegExp;
  owner: ApiOwner;
  /** The methods anyone may call without a token (operations with auth 'public'; HEAD with GET). */
  publicMethods: Set<string>;
}

/** One entry per path of the operations, literal segments before parameters; one path has one owner. */
export function apiRoutes(operations: readonly ApiOperation[]): ApiRoute[] {
  const byPath = new Map<string, { owner: ApiOwner; publicMethods: Set<string> }>();
  for (const operation of operations) {
    const entry = byPath.get(operation.path) ?? { owner: operation.owner, publicMethods: new Set() };
    if (entry.owner !== operation.owner)
      throw new Error(`${operation.path} is answered by both ${entry.owner} and ${operation.owner}`);
    if (operation.auth === 'public') {
      entry.publicMethods.add(operation.method.toUpperCase());
      if (operation.method === 'get') entry.publicMethods.add('HEAD');
    }
    byPath.set(operation.path, entry);
  }
  return routeTemplates([...byPath.keys()]).map(({ path, pattern }) => ({
    template: path,
    pattern,
    ...(byPath.get(path) as { owner: ApiOwner; publicMethods: Set<string> }),
  }));
}

const API_ROUTES = apiRoutes(apiOperations);
// Most calls name a literal path: one map lookup; only the paths with parameters are tried in turn.
const LITERAL_ROUTES = new Map(
  API_ROUTES.filter((route) => !route.template.includes('{')).map((route) => [route.template, route]),
);
const PARAMETER_ROUTES = API_ROUTES.filter((route) => route.template.includes('{'));
const routeOf = (path: string): ApiRoute | undefined =>
  LITERAL_ROUTES.get(path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path) ??
  PARAMETER_ROUTES.find((route) => route.pattern.test(path));

const identity = identityOperations;
const protection = accountProtectionOperations;
const pathsOf = (operations: ApiOperation[]): ReadonlySet<string> => new Set(operations.map((op) => op.path));

/** Calls that stay open during maintenance, so admins can still sign in and the front end can say why. */
const MAINTENANCE_OPEN = pathsOf([
  identity.login,
  identity.loginTwoFactor,
  identity.loginTwoFactorEnrolment,
  identity.loginTwoFactorEnrolmentConfirm,
  protection.claimDeviceApproval,
  protection.deviceApprovalDetails,
  protection.approveDevice,
  protection.denyDevice,
  identity.refresh,
  identity.logout,
  identity.publicSettings,
  // The landing page's figures stay on show while the platform is down for maintenance.
  dashboardOperations.publicStats,
]);

/** The sign-in limit's calls: each guesses a password, a code or a mailed link's token. */
export const RATE_LIMITED = pathsOf([
  identity.login,
  identity.loginTwoFactor,
  identity.loginTwoFactorEnrolmentConfirm,
  identity.register,
  identity.resetPassword,
  identity.confirmEmailChange,
  // The mailed links' single-use tokens, and the unfreeze's password check.
  protection.deviceApprovalDetails,
  protection.approveDevice,
  protection.denyDevice,
  protection.freezeByLink,
  protection.requestUnfreeze,
  protection.confirmUnfreeze,
]);

/** Upload PUTs carry their permission in a signed token in the path (docs/decisions/0002-uploads.md). */
const UPLOAD_PATH = /^\/api\/uploads\/[a-z0-9-]+\/[A-Za-z0-9_.-]+$/;
export const isUploadPath = (path: string): boolean => UPLOAD_PATH.test(path);

/** Calls anyone may make without a token (the sign-in calls, the landing page's, uploads, plan images). */
export const isPublicCall = (method: string, path: string): boolean =>
  routeOf(path)?.publicMethods.has(method) ?? false;
export const isOpenInMaintenance = (path: string): boolean => MAINTENANCE_OPEN.has(path);
export const isAdminPath = (path: string): boolean => path === '/api/admin' || path.startsWith('/api/admin/');

/**
 * The service that answers `path`, whatever the method (a method the path does not take is the service's 405),
 * or undefined: no operation has this path, or the gateway answers it itself (compose.ts).
 */
export function matchRoute(path: string): RouteRule | undefined {
  const route = routeOf(path);
  if (!route || route.owner === 'gateway') return undefined;
  return { template: route.template, upstream: route.owner };
}
