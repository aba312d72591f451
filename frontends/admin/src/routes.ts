// The admin area's screens (spec section 2, admin layout): the shell builds the router and the sidebar from
// this list. /admin/investors is registered without a sidebar link, as the spec has it, and so is a user's page
// /admin/users/:id (reached from the user lists). User Management (/admin/users/manage) was the same screen as
// All Users: its address now leads to /admin/users, the spec's registered route, and the sidebar names it once.
import { lazyScreen, type ScreenRoute } from '@cropvest/web-kit/screens';

type Entry = [path: string, title: string, nav?: { group: string; label: string }];

/** System Settings answers three addresses, one per tab (the tab is in the address). */
const settingsScreen = lazyScreen(() => import('./screens/settings/SettingsScreen.tsx'));

/** Each route's screen. */
const SCREENS: Record<string, ScreenRoute['screen']> = {
  '/admin/dashboard': lazyScreen(() => import('./screens/dashboard/DashboardScreen.tsx')),
  '/admin/kyc': lazyScreen(() => import('./screens/kyc/KycScreen.tsx')),
  '/admin/plans': lazyScreen(() => import('./screens/plans/ManagePlansScreen.tsx')),
  '/admin/plans/create': lazyScreen(() => import('./screens/plans/CreatePlanScreen.tsx')),
  '/admin/plans/analytics': lazyScreen(() => import('./screens/plans/PlanAnalyticsScreen.tsx')),
  '/admin/operators': lazyScreen(() => import('./screens/operators/OperatorsScreen.tsx')),
  '/admin/plans/:id/key-information': lazyScreen(
    () => import('./screens/key-information/KeyInformationScreen.tsx'),
  ),
  '/admin/plans/:id/field-reports': lazyScreen(
    () => import('./screens/field-reports/FieldReportsScreen.tsx'),
  ),
  '/admin/plans/funding': lazyScreen(() => import('./screens/plan-funding/FundingDeskScreen.tsx')),
  '/admin/plans/:id/funding': lazyScreen(() => import('./screens/plan-funding/PlanFundingScreen.tsx')),
  '/admin/reserve': lazyScreen(() => import('./screens/reserve/ReserveFundScreen.tsx')),
  '/admin/deposits': lazyScreen(() => import('./screens/deposits/DepositsScreen.tsx')),
  '/admin/deposits/unmatched': lazyScreen(() => import('./screens/unmatched/UnmatchedDepositsScreen.tsx')),
  '/admin/withdrawals': lazyScreen(() => import('./screens/withdrawals/WithdrawalsScreen.tsx')),
  '/admin/deposits/:id': lazyScreen(() => import('./screens/deposits/DepositDetailScreen.tsx')),
  '/admin/withdrawals/:id': lazyScreen(() => import('./screens/withdrawals/WithdrawalDetailScreen.tsx')),
  '/admin/support/faq': lazyScreen(() => import('./screens/faq/FaqScreen.tsx')),
  '/admin/support': lazyScreen(() => import('./screens/support-tickets/SupportTicketsScreen.tsx')),
  '/admin/support/:id': lazyScreen(() => import('./screens/support-ticket/SupportTicketScreen.tsx')),
  '/admin/notifications': lazyScreen(() => import('./screens/notifications/SendNotificationsScreen.tsx')),
  '/admin/notifications/history': lazyScreen(
    () => import('./screens/notifications/NotificationHistoryScreen.tsx'),
  ),
  '/admin/reports': lazyScreen(() => import('./screens/reports/AnalyticsDashboardScreen.tsx')),
  '/admin/reports/revenue': lazyScreen(() => import('./screens/reports/RevenueReportsScreen.tsx')),
  '/admin/users/reports': lazyScreen(() => import('./screens/reports/UserReportsScreen.tsx')),
  '/admin/transactions/reports': lazyScreen(() => import('./screens/reports/TransactionReportsScreen.tsx')),
  '/admin/reports/export': lazyScreen(() => import('./screens/export/ExportScreen.tsx')),
  '/admin/settings/audit': lazyScreen(() => import('./screens/audit/AuditLogsScreen.tsx')),
  '/admin/users': lazyScreen(() => import('./screens/users/UsersScreen.tsx')),
  // Its own route, so ":id" does not take "manage" for a user's id.
  '/admin/users/manage': lazyScreen(() => import('./screens/users/ToAllUsers.tsx')),
  '/admin/users/:id': lazyScreen(() => import('./screens/user-detail/UserDetailScreen.tsx')),
  '/admin/investors': lazyScreen(() => import('./screens/investors/InvestorsScreen.tsx')),
  '/admin/wallets': lazyScreen(() => import('./screens/wallets/WalletsScreen.tsx')),
  '/admin/wallets/methods': lazyScreen(() => import('./screens/wallets/PaymentMethodsScreen.tsx')),
  '/admin/settings': settingsScreen,
  '/admin/settings/interest': settingsScreen,
  '/admin/settings/security': settingsScreen,
};

/** Every admin route in the sidebar's order (the groups appear in the order of their first route). */
const ENTRIES: Entry[] = [
  ['/admin/dashboard', 'Admin Dashboard', { group: 'Overview', label: 'Dashboard' }],
  ['/admin/users', 'All Users', { group: 'Users', label: 'All Users' }],
  ['/admin/kyc', 'KYC Verification', { group: 'Users', label: 'KYC Verification' }],
  ['/admin/users/reports', 'User Reports', { group: 'Users', label: 'User Reports' }],
  ['/admin/plans', 'All Plans', { group: 'Plans', label: 'All Plans' }],
  ['/admin/plans/create', 'Create Investment Plan', { group: 'Plans', label: 'Create Plan' }],
  ['/admin/plans/analytics', 'Plan Analytics', { group: 'Plans', label: 'Plan Analytics' }],
  ['/admin/operators', 'Operators', { group: 'Plans', label: 'Operators' }],
  ['/admin/plans/funding', 'Plan Funding', { group: 'Plans', label: 'Plan Funding' }],
  ['/admin/reserve', 'Reserve Fund', { group: 'Plans', label: 'Reserve Fund' }],
  ['/admin/deposits', 'Manage Deposits', { group: 'Transactions', label: 'Deposits' }],
  ['/admin/deposits/unmatched', 'Unmatched Deposits', { group: 'Transactions', label: 'Unmatched Deposits' }],
  ['/admin/withdrawals', 'Manage Withdrawals', { group: 'Transactions', label: 'Withdrawals' }],
  [
    '/admin/transactions/reports',
    'Transaction Reports',
    { group: 'Transactions', label: 'Transaction Reports' },
  ],
  ['/admin/wallets', 'Wallet Settings', { group: 'Wallets', label: 'Wallet Settings' }],
  ['/admin/wallets/methods', 'Payment Methods', { group: 'Wallets', label: 'Payment Methods' }],
  ['/admin/reports', 'Analytics Dashboard', { group: 'Reports', label: 'Analytics Dashboard' }],
  ['/admin/reports/revenue', 'Revenue Reports', { group: 'Reports', label: 'Revenue Reports' }],
  ['/admin/reports/export', 'Export Data', { group: 'Reports', label: 'Export Data' }],
  ['/admin/notifications', 'Send Notifications', { group: 'Notifications', label: 'Send Notifications' }],
  [
    '/admin/notifications/history',
    'Notification History',
    { group: 'Notifications', label: 'Notification History' },
  ],
  ['/admin/support', 'Support Tickets', { group: 'Support', label: 'Support Tickets' }],
  ['/admin/support/faq', 'FAQ Management', { group: 'Support', label: 'FAQ Management' }],
  ['/admin/settings', 'System Settings', { group: 'Settings', label: 'System Settings' }],
  ['/admin/settings/interest', 'Interest Controls', { group: 'Settings', label: 'Interest Controls' }],
  ['/admin/settings/security', 'Security Settings', { group: 'Settings', label: 'Security Settings' }],
  ['/admin/settings/audit', 'Audit Logs', { group: 'Settings', label: 'Audit Logs' }],
  ['/admin/investors', 'Manage Investors'],
  ['/admin/users/manage', 'All Users'],
  ['/admin/users/:id', 'User'],
  ['/admin/deposits/:id', 'Deposit'],
  ['/admin/withdrawals/:id', 'Withdrawal'],
  ['/admin/plans/:id/key-information', 'Key Information Sheet'],
  ['/admin/plans/:id/field-reports', 'Field Reports'],
  ['/admin/plans/:id/funding', 'Plan Funding'],
  ['/admin/support/:id', 'Support Ticket'],
];

function screenOf(path: string): ScreenRoute['screen'] {
  const screen = SCREENS[path];
  if (!screen) throw new Error(`the admin route ${path} has no screen`);
  return screen;
}

const routes: ScreenRoute[] = ENTRIES.map(([path, title, nav]) => ({
  path,
  title,
  ...(nav ? { nav } : {}),
  screen: screenOf(path),
}));

export default routes;
