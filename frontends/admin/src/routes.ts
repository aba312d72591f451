// The admin area's screens (spec section 2, admin layout): the shell builds the router and the sidebar from
// this list. /admin/investors is registered without a sidebar link, as the spec has it, and so is a user's page
// /admin/users/:id (reached from the user lists). User Management (/admin/users/manage) was the same screen as
// All Users: its address now leads to /admin/users, the spec's registered route, and the sidebar names it once.
import { lazyScreen, screenArea, type ScreenDefinition } from '@cropvest/web-kit/screens';
import { ADMIN_SCREEN_NAMES, type AdminScreenNameId } from './messages/catalogue.ts';

type Entry = [
  path: string,
  title: AdminScreenNameId,
  nav?: { group: AdminScreenNameId; label: AdminScreenNameId },
];

/** System Settings answers three addresses, one per tab (the tab is in the address). */
const settingsScreen = lazyScreen(() => import('./screens/settings/SettingsScreen.tsx'));

/** Each route's screen. */
const SCREENS: Record<string, ScreenDefinition['screen']> = {
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
  '/admin/investments/:id': lazyScreen(() => import('./screens/investment/InvestmentScreen.tsx')),
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
  [
    '/admin/dashboard',
    'admin.screen.adminDashboard',
    { group: 'admin.group.overview', label: 'admin.screen.dashboard' },
  ],
  ['/admin/users', 'admin.screen.allUsers', { group: 'admin.group.users', label: 'admin.screen.allUsers' }],
  [
    '/admin/kyc',
    'admin.screen.kycVerification',
    { group: 'admin.group.users', label: 'admin.screen.kycVerification' },
  ],
  [
    '/admin/users/reports',
    'admin.screen.userReports',
    { group: 'admin.group.users', label: 'admin.screen.userReports' },
  ],
  ['/admin/plans', 'admin.screen.allPlans', { group: 'admin.group.plans', label: 'admin.screen.allPlans' }],
  [
    '/admin/plans/create',
    'admin.screen.createInvestmentPlan',
    { group: 'admin.group.plans', label: 'admin.screen.createPlan' },
  ],
  [
    '/admin/plans/analytics',
    'admin.screen.planAnalytics',
    { group: 'admin.group.plans', label: 'admin.screen.planAnalytics' },
  ],
  [
    '/admin/operators',
    'admin.screen.operators',
    { group: 'admin.group.plans', label: 'admin.screen.operators' },
  ],
  [
    '/admin/plans/funding',
    'admin.screen.planFunding',
    { group: 'admin.group.plans', label: 'admin.screen.planFunding' },
  ],
  [
    '/admin/reserve',
    'admin.screen.reserveFund',
    { group: 'admin.group.plans', label: 'admin.screen.reserveFund' },
  ],
  [
    '/admin/deposits',
    'admin.screen.manageDeposits',
    { group: 'admin.group.transactions', label: 'admin.screen.deposits' },
  ],
  [
    '/admin/deposits/unmatched',
    'admin.screen.unmatchedDeposits',
    { group: 'admin.group.transactions', label: 'admin.screen.unmatchedDeposits' },
  ],
  [
    '/admin/withdrawals',
    'admin.screen.manageWithdrawals',
    { group: 'admin.group.transactions', label: 'admin.screen.withdrawals' },
  ],
  [
    '/admin/transactions/reports',
    'admin.screen.transactionReports',
    { group: 'admin.group.transactions', label: 'admin.screen.transactionReports' },
  ],
  [
    '/admin/wallets',
    'admin.screen.walletSettings',
    { group: 'admin.group.wallets', label: 'admin.screen.walletSettings' },
  ],
  [
    '/admin/wallets/methods',
    'admin.screen.paymentMethods',
    { group: 'admin.group.wallets', label: 'admin.screen.paymentMethods' },
  ],
  [
    '/admin/reports',
    'admin.screen.analyticsDashboard',
    { group: 'admin.group.reports', label: 'admin.screen.analyticsDashboard' },
  ],
  [
    '/admin/reports/revenue',
    'admin.screen.revenueReports',
    { group: 'admin.group.reports', label: 'admin.screen.revenueReports' },
  ],
  [
    '/admin/reports/export',
    'admin.screen.exportData',
    { group: 'admin.group.reports', label: 'admin.screen.exportData' },
  ],
  [
    '/admin/notifications',
    'admin.screen.sendNotifications',
    { group: 'admin.group.notifications', label: 'admin.screen.sendNotifications' },
  ],
  [
    '/admin/notifications/history',
    'admin.screen.notificationHistory',
    { group: 'admin.group.notifications', label: 'admin.screen.notificationHistory' },
  ],
  [
    '/admin/support',
    'admin.screen.supportTickets',
    { group: 'admin.group.support', label: 'admin.screen.supportTickets' },
  ],
  [
    '/admin/support/faq',
    'admin.screen.faqManagement',
    { group: 'admin.group.support', label: 'admin.screen.faqManagement' },
  ],
  [
    '/admin/settings',
    'admin.screen.systemSettings',
    { group: 'admin.group.settings', label: 'admin.screen.systemSettings' },
  ],
  [
    '/admin/settings/interest',
    'admin.screen.interestControls',
    { group: 'admin.group.settings', label: 'admin.screen.interestControls' },
  ],
  [
    '/admin/settings/security',
    'admin.screen.securitySettings',
    { group: 'admin.group.settings', label: 'admin.screen.securitySettings' },
  ],
  [
    '/admin/settings/audit',
    'admin.screen.auditLogs',
    { group: 'admin.group.settings', label: 'admin.screen.auditLogs' },
  ],
  ['/admin/investors', 'admin.screen.manageInvestors'],
  ['/admin/users/manage', 'admin.screen.allUsers'],
  ['/admin/users/:id', 'admin.screen.user'],
  ['/admin/deposits/:id', 'admin.screen.deposit'],
  ['/admin/withdrawals/:id', 'admin.screen.withdrawal'],
  ['/admin/investments/:id', 'admin.screen.investment'],
  ['/admin/plans/:id/key-information', 'admin.screen.keyInformationSheet'],
  ['/admin/plans/:id/field-reports', 'admin.screen.fieldReports'],
  ['/admin/plans/:id/funding', 'admin.screen.planFunding'],
  ['/admin/support/:id', 'admin.screen.supportTicket'],
];

function screenOf(path: string): ScreenDefinition['screen'] {
  const screen = SCREENS[path];
  if (!screen) throw new Error(`the admin route ${path} has no screen`);
  return screen;
}

const screens: ScreenDefinition<AdminScreenNameId>[] = ENTRIES.map(([path, title, nav]) => ({
  path,
  title,
  ...(nav ? { nav } : {}),
  screen: screenOf(path),
}));

export default screenArea(ADMIN_SCREEN_NAMES, screens);
