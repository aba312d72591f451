// The investor area's screens, chosen by path; the shell has already checked that the path is an investor route.
import { Link, useLocation } from '@cropvest/web-kit/router';
import { buttonClass } from '@cropvest/ui/button-class';
import { ComingSoon } from '@cropvest/ui/coming-soon';
import { NotFound } from '@cropvest/ui/not-found';
import { Dashboard } from './Dashboard.tsx';

const back = (
  <Link to="/investor/dashboard" className={buttonClass('outline')}>
    Back to the dashboard
  </Link>
);

const SCREENS: Record<string, () => React.ReactNode> = {
  '/investor/dashboard': () => <Dashboard />,
  '/investor/invest': () => (
    <ComingSoon
      title="Browse Plans"
      description="The crop plans open for investment will be listed here, with your balance beside them."
      features={[
        'Active plans with open slots, their daily rate, duration and slots filled',
        'An invest dialog that works out the cost of the slots you pick',
        'Plans that start later marked with the days until they start',
      ]}
      action={back}
    />
  ),
  '/investor/investments': () => (
    <ComingSoon
      title="My Investments"
      description="Your growing crops and your harvest history will be shown here."
      features={[
        'Counters for active crops, total invested, interest earned and completed',
        'Growing Crops with progress to harvest',
        'Harvest History of completed seasons',
      ]}
      action={back}
    />
  ),
  '/investor/deposit': () => (
    <ComingSoon
      title="Deposit"
      description="You will find the platform's USDT wallet address here, with a form to declare a deposit and its proof."
      features={[
        'The platform wallet address with a copy button',
        'Your deposit history and its review status',
        'Step-by-step instructions',
      ]}
      action={back}
    />
  ),
  '/investor/withdraw': () => (
    <ComingSoon
      title="Withdraw"
      description="You will request withdrawals to your own TRC-20 USDT address here."
      features={[
        'Your available balance',
        'A withdrawal form and your withdrawal history',
        'Notes on review times',
      ]}
      action={back}
    />
  ),
  '/investor/history': () => (
    <ComingSoon
      title="Transaction History"
      description="All your investments, deposits and withdrawals in one list, newest first."
      features={['Tabs for all transactions, investments, deposits and withdrawals']}
      action={back}
    />
  ),
  '/investor/notifications': () => (
    <ComingSoon
      title="Notifications"
      description="Messages about your deposits, withdrawals, investments and account will appear here."
      features={['Tabs for all, unread and read', 'Click an unread message to mark it read']}
      action={back}
    />
  ),
  '/investor/profile': () => (
    <ComingSoon
      title="Profile & Settings"
      description="Your profile, security options, notification preferences and identity verification (KYC) will be managed here."
      features={[
        'Profile details and account balance',
        'Change password',
        'KYC verification status and submission',
      ]}
      action={back}
    />
  ),
  '/investor/support': () => (
    <ComingSoon
      title="Support Center"
      description="Help, answers to common questions and your support tickets will be here."
      features={[
        'Live chat and email support',
        'Frequently asked questions',
        'Contact form and your tickets',
      ]}
      action={
        <Link to="/support-info" className={buttonClass('outline')}>
          Contact support now
        </Link>
      }
    />
  ),
};

export default function InvestorApp() {
  const { pathname } = useLocation();
  const screen = SCREENS[pathname.replace(/\/+$/, '')];
  return screen ? <>{screen()}</> : <NotFound standalone={false} />;
}
