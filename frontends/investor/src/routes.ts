// The investor area's screens (spec section 2, investor layout): the shell builds the router and the
// sidebar from this list. Each screen loads on its own when first opened; the names are in messages/.
import { lazyScreen, screenArea, type ScreenDefinition } from '@cropvest/web-kit/screens';
import { INVESTOR_SCREEN_NAMES, type InvestorScreenNameId } from './messages/catalogue.ts';

const screens: ScreenDefinition<InvestorScreenNameId>[] = [
  {
    path: '/investor/dashboard',
    title: 'investor.screen.dashboard',
    nav: { group: 'investor.group.overview', label: 'investor.screen.dashboard' },
    screen: lazyScreen(() => import('./screens/dashboard/DashboardScreen.tsx')),
  },
  {
    path: '/investor/invest',
    title: 'investor.screen.browsePlans',
    nav: { group: 'investor.group.investments', label: 'investor.screen.browsePlans' },
    screen: lazyScreen(() => import('./screens/browse-plans/BrowsePlansScreen.tsx')),
  },
  {
    path: '/investor/investments',
    title: 'investor.screen.myInvestments',
    nav: { group: 'investor.group.investments', label: 'investor.screen.myInvestments' },
    screen: lazyScreen(() => import('./screens/my-investments/MyInvestmentsScreen.tsx')),
  },
  {
    // A plan's page, reached from Browse Plans and My Investments (no sidebar link); it names itself once loaded.
    path: '/investor/plans/:id',
    title: 'investor.screen.plan',
    screen: lazyScreen(() => import('./screens/plan/PlanScreen.tsx')),
  },
  {
    // One investment's page, reached from My Investments and the dashboard (no sidebar link).
    path: '/investor/investments/:id',
    title: 'investor.screen.investment',
    screen: lazyScreen(() => import('./screens/investment/InvestmentScreen.tsx')),
  },
  {
    path: '/investor/deposit',
    title: 'investor.screen.deposit',
    nav: { group: 'investor.group.wallet', label: 'investor.screen.deposit' },
    screen: lazyScreen(() => import('./screens/deposit/DepositScreen.tsx')),
  },
  {
    path: '/investor/withdraw',
    title: 'investor.screen.withdraw',
    nav: { group: 'investor.group.wallet', label: 'investor.screen.withdraw' },
    screen: lazyScreen(() => import('./screens/withdraw/WithdrawScreen.tsx')),
  },
  {
    // A deposit's and a withdrawal's page (decision 0121), reached from the histories (no sidebar link).
    path: '/investor/deposits/:id',
    title: 'investor.screen.deposit',
    screen: lazyScreen(() => import('./screens/money-detail/DepositDetailScreen.tsx')),
  },
  {
    path: '/investor/withdrawals/:id',
    title: 'investor.screen.withdrawal',
    screen: lazyScreen(() => import('./screens/money-detail/WithdrawalDetailScreen.tsx')),
  },
  {
    path: '/investor/history',
    title: 'investor.screen.transactionHistory',
    nav: { group: 'investor.group.wallet', label: 'investor.screen.transactionHistory' },
    screen: lazyScreen(() => import('./screens/history/HistoryScreen.tsx')),
  },
  {
    path: '/investor/notifications',
    title: 'investor.screen.notifications',
    nav: { group: 'investor.group.account', label: 'investor.screen.notifications' },
    screen: lazyScreen(() => import('./screens/notifications/NotificationsScreen.tsx')),
  },
  {
    path: '/investor/profile',
    title: 'investor.screen.profileSettings',
    nav: { group: 'investor.group.account', label: 'investor.screen.profileSettings' },
    screen: lazyScreen(() => import('./screens/profile/ProfileScreen.tsx')),
  },
  {
    path: '/investor/support',
    title: 'investor.screen.supportCenter',
    nav: { group: 'investor.group.account', label: 'investor.screen.supportCenter' },
    screen: lazyScreen(() => import('./screens/support/SupportScreen.tsx')),
  },
  {
    // One ticket's page, reached from My Tickets (no sidebar link).
    path: '/investor/support/tickets/:id',
    title: 'investor.screen.supportTicket',
    screen: lazyScreen(() => import('./screens/ticket/TicketScreen.tsx')),
  },
];

export default screenArea(INVESTOR_SCREEN_NAMES, screens);
