// Every route of the signed-in areas (spec section 2), with the sidebars built from the same lists, so a
// sidebar link always leads to a route that exists.
export interface RouteLink {
  to: string;
  label: string;
}
export interface RouteGroup {
  title: string;
  links: RouteLink[];
}

export const INVESTOR_DASHBOARD = '/investor/dashboard';
export const ADMIN_DASHBOARD = '/admin/dashboard';

export const INVESTOR_NAV: RouteGroup[] = [
  { title: 'Overview', links: [{ to: '/investor/dashboard', label: 'Dashboard' }] },
  {
    title: 'Investments',
    links: [
      { to: '/investor/invest', label: 'Browse Plans' },
      { to: '/investor/investments', label: 'My Investments' },
    ],
  },
  {
    title: 'Wallet',
    links: [
      { to: '/investor/deposit', label: 'Deposit' },
      { to: '/investor/withdraw', label: 'Withdraw' },
      { to: '/investor/history', label: 'Transaction History' },
    ],
  },
  {
    title: 'Account',
    links: [
      { to: '/investor/notifications', label: 'Notifications' },
      { to: '/investor/profile', label: 'Profile & Settings' },
      { to: '/investor/support', label: 'Support Center' },
    ],
  },
];

export const ADMIN_NAV: RouteGroup[] = [
  { title: 'Overview', links: [{ to: '/admin/dashboard', label: 'Dashboard' }] },
  {
    title: 'Users',
    links: [
      { to: '/admin/users', label: 'All Users' },
      { to: '/admin/users/manage', label: 'User Management' },
      { to: '/admin/kyc', label: 'KYC Verification' },
      { to: '/admin/users/reports', label: 'User Reports' },
    ],
  },
  {
    title: 'Plans',
    links: [
      { to: '/admin/plans', label: 'All Plans' },
      { to: '/admin/plans/create', label: 'Create Plan' },
      { to: '/admin/plans/analytics', label: 'Plan Analytics' },
    ],
  },
  {
    title: 'Transactions',
    links: [
      { to: '/admin/deposits', label: 'Deposits' },
      { to: '/admin/withdrawals', label: 'Withdrawals' },
      { to: '/admin/transactions/reports', label: 'Transaction Reports' },
    ],
  },
  {
    title: 'Wallets',
    links: [
      { to: '/admin/wallets', label: 'Wallet Settings' },
      { to: '/admin/wallets/methods', label: 'Payment Methods' },
    ],
  },
  {
    title: 'Reports',
    links: [
      { to: '/admin/reports', label: 'Analytics Dashboard' },
      { to: '/admin/reports/revenue', label: 'Revenue Reports' },
      { to: '/admin/reports/export', label: 'Export Data' },
    ],
  },
  {
    title: 'Notifications',
    links: [
      { to: '/admin/notifications', label: 'Send Notifications' },
      { to: '/admin/notifications/history', label: 'Notification History' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: '/admin/support', label: 'Support Tickets' },
      { to: '/admin/support/faq', label: 'FAQ Management' },
    ],
  },
  {
    title: 'Settings',
    links: [
      { to: '/admin/settings', label: 'System Settings' },
      { to: '/admin/settings/interest', label: 'Interest Controls' },
      { to: '/admin/settings/security', label: 'Security Settings' },
      { to: '/admin/settings/audit', label: 'Audit Logs' },
    ],
  },
];

/** Admin routes: the spec's registered ones plus every sidebar link. /admin/investors has no sidebar link. */
export const ADMIN_ROUTES: ReadonlySet<string> = new Set([
  ...ADMIN_NAV.flatMap((g) => g.links.map((l) => l.to)),
  '/admin/investors',
]);
export const INVESTOR_ROUTES: ReadonlySet<string> = new Set(
  INVESTOR_NAV.flatMap((g) => g.links.map((l) => l.to)),
);

/** Pages anyone may open, signed in or out (the landing page's footer links). */
export const PUBLIC_PAGES: ReadonlySet<string> = new Set(['/terms', '/privacy', '/support-info']);
