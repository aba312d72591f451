import { describe, expect, it } from '@jest/globals';
import {
  matchScreen,
  namedScreens,
  sidebarGroups,
  type ScreenArea,
  type ScreenRoute,
} from '@cropvest/web-kit/screens';
import investorScreens from '../../investor/src/routes.ts';
import adminScreens from '../../admin/src/routes.ts';

/** An area's routes named in English, as the English catalogue has them. */
const inEnglish = (area: ScreenArea) =>
  namedScreens(area, (id) => {
    const words = area.names.en[id];
    if (!words) throw new Error(`no English name for ${id}`);
    return words;
  });
const investorRoutes = inEnglish(investorScreens);
const adminRoutes = inEnglish(adminScreens);

// The spec's route tables (section 2): every group and link of each sidebar, in order.
const INVESTOR_SIDEBAR = [
  ['Overview', '/investor/dashboard'],
  ['Investments', '/investor/invest', '/investor/investments'],
  ['Wallet', '/investor/deposit', '/investor/withdraw', '/investor/history'],
  ['Account', '/investor/notifications', '/investor/profile', '/investor/support'],
];
const ADMIN_SIDEBAR = [
  ['Overview', '/admin/dashboard'],
  // User Management was All Users at a second address: named once (issue 27).
  ['Users', '/admin/users', '/admin/kyc', '/admin/users/reports'],
  [
    'Plans',
    '/admin/plans',
    '/admin/plans/create',
    '/admin/plans/analytics',
    // Operators, the funding desk and the reserve fund (docs/decisions/0091, 0092), beside the spec's links.
    '/admin/operators',
    '/admin/plans/funding',
    '/admin/reserve',
  ],
  [
    'Transactions',
    '/admin/deposits',
    // Unmatched Deposits (docs/decisions/0084), beside the spec's links.
    '/admin/deposits/unmatched',
    '/admin/withdrawals',
    '/admin/transactions/reports',
  ],
  ['Wallets', '/admin/wallets', '/admin/wallets/methods'],
  ['Reports', '/admin/reports', '/admin/reports/revenue', '/admin/reports/export'],
  ['Notifications', '/admin/notifications', '/admin/notifications/history'],
  ['Support', '/admin/support', '/admin/support/faq'],
  [
    'Settings',
    '/admin/settings',
    '/admin/settings/interest',
    '/admin/settings/security',
    '/admin/settings/audit',
  ],
];
/** Registered without a sidebar link (/admin/users/manage leads to All Users, issue 27). */
const ADMIN_UNLINKED = ['/admin/investors', '/admin/users/manage'];

const asTable = (routes: readonly ScreenRoute[]) =>
  sidebarGroups(routes).map((group) => [group.title, ...group.links.map((link) => link.to)]);

describe.each([
  ['investor', investorRoutes, INVESTOR_SIDEBAR, []],
  ['admin', adminRoutes, ADMIN_SIDEBAR, ADMIN_UNLINKED],
] as const)('the %s route list', (_area, routes, sidebar, unlinked) => {
  it("builds the spec's sidebar, group by group and link by link", () => {
    expect(asTable(routes)).toEqual(sidebar);
  });

  it('leads every sidebar link, and every unlinked route of the spec, to a screen of its own', () => {
    for (const path of [...sidebar.flatMap(([, ...links]) => links), ...unlinked]) {
      const match = matchScreen(routes, path);
      expect(match?.route.path).toBe(path);
      expect(match?.route.screen).toBeDefined();
      expect(match?.route.title.length).toBeGreaterThan(0);
    }
  });

  it('has one route per path', () => {
    const paths = routes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('knows no path outside its area', () => {
    expect(matchScreen(routes, '/nowhere')).toBeNull();
    expect(matchScreen(routes, `${routes[0]?.path}/extra`)).toBeNull();
  });
});

describe('path parameters', () => {
  const screen = adminRoutes[0]?.screen as ScreenRoute['screen'];
  const routes: ScreenRoute[] = [
    { path: '/admin/users/:id', title: 'User', screen },
    { path: '/admin/users/manage', title: 'User Management', screen },
  ];

  it('a literal route wins over a parameter, and a parameter is decoded', () => {
    expect(matchScreen(routes, '/admin/users/manage')?.route.title).toBe('User Management');
    expect(matchScreen(routes, '/admin/users/a%20b/')?.params).toEqual({ id: 'a b' });
    expect(matchScreen(routes, '/admin/users')).toBeNull();
  });
});
