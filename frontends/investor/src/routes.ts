// The investor area's screens (spec section 2, investor layout): the shell builds the router and the
// sidebar from this list. Each screen loads on its own when first opened.
import { lazyScreen, type ScreenRoute } from '@cropvest/web-kit/screens';

const routes: ScreenRoute[] = [
  {
    path: '/investor/dashboard',
    title: 'Dashboard',
    nav: { group: 'Overview', label: 'Dashboard' },
    screen: lazyScreen(() => import('./screens/dashboard/DashboardScreen.tsx')),
  },
  {
    path: '/investor/invest',
    title: 'Browse Plans',
    nav: { group: 'Investments', label: 'Browse Plans' },
    screen: lazyScreen(() => import('./screens/browse-plans/BrowsePlansScreen.tsx')),
  },
  {
    path: '/investor/investments',
    title: 'My Investments',
    nav: { group: 'Investments', label: 'My Investments' },
    screen: lazyScreen(() => import('./screens/my-investments/MyInvestmentsScreen.tsx')),
  },
  {
    // A plan's page, reached from Browse Plans and My Investments (no sidebar link); it names itself once loaded.
    path: '/investor/plans/:id',
    title: 'Plan',
    screen: lazyScreen(() => import('./screens/plan/PlanScreen.tsx')),
  },
  {
    // One investment's page, reached from My Investments and the dashboard (no sidebar link).
    path: '/investor/investments/:id',
    title: 'Investment',
    screen: lazyScreen(() => import('./screens/investment/InvestmentScreen.tsx')),
  },
  {
    path: '/investor/deposit',
    title: 'Deposit',
    nav: { group: 'Wallet', label: 'Deposit' },
    screen: lazyScreen(() => import('./screens/deposit/DepositScreen.tsx')),
  },
  {
    path: '/investor/withdraw',
    title: 'Withdraw',
    nav: { group: 'Wallet', label: 'Withdraw' },
    screen: lazyScreen(() => import('./screens/withdraw/WithdrawScreen.tsx')),
  },
  {
    // A deposit's and a withdrawal's page (decision 0121), reached from the histories (no sidebar link).
    path: '/investor/deposits/:id',
    title: 'Deposit',
    screen: lazyScreen(() => import('./screens/money-detail/DepositDetailScreen.tsx')),
  },
  {
    path: '/investor/withdrawals/:id',
    title: 'Withdrawal',
    screen: lazyScreen(() => import('./screens/money-detail/WithdrawalDetailScreen.tsx')),
  },
  {
    path: '/investor/history',
    title: 'Transaction History',
    nav: { group: 'Wallet', label: 'Transaction History' },
    screen: lazyScreen(() => import('./screens/history/HistoryScreen.tsx')),
  },
  {
    path: '/investor/notifications',
    title: 'Notifications',
    nav: { group: 'Account', label: 'Notifications' },
    screen: lazyScreen(() => import('./screens/notifications/NotificationsScreen.tsx')),
  },
  {
    path: '/investor/profile',
    title: 'Profile & Settings',
    nav: { group: 'Account', label: 'Profile & Settings' },
    screen: lazyScreen(() => import('./screens/profile/ProfileScreen.tsx')),
  },
  {
    path: '/investor/support',
    title: 'Support Center',
    nav: { group: 'Account', label: 'Support Center' },
    screen: lazyScreen(() => import('./screens/support/SupportScreen.tsx')),
  },
  {
    // One ticket's page, reached from My Tickets (no sidebar link).
    path: '/investor/support/tickets/:id',
    title: 'Support Ticket',
    screen: lazyScreen(() => import('./screens/ticket/TicketScreen.tsx')),
  },
];

export default routes;
