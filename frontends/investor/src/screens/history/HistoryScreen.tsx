// Not built yet: says what this screen will hold.
import { Link } from '@cropvest/web-kit/router';
import { buttonClass } from '@cropvest/ui/button-class';
import { ComingSoon } from '@cropvest/ui/coming-soon';

export default function HistoryScreen() {
  return (
    <ComingSoon
      title="Transaction History"
      description="All your investments, deposits and withdrawals in one list, newest first."
      features={['Tabs for all transactions, investments, deposits and withdrawals']}
      action={
        <Link to="/investor/dashboard" className={buttonClass('outline')}>
          Back to the dashboard
        </Link>
      }
    />
  );
}
