// Not built yet: says what this screen will hold.
import { Link } from '@cropvest/web-kit/router';
import { buttonClass } from '@cropvest/ui/button-class';
import { ComingSoon } from '@cropvest/ui/coming-soon';

export default function MyInvestmentsScreen() {
  return (
    <ComingSoon
      title="My Investments"
      description="Your growing crops and your harvest history will be shown here."
      features={[
        'Counters for active crops, total invested, interest earned and completed',
        'Growing Crops with progress to harvest',
        'Harvest History of completed seasons',
      ]}
      action={
        <Link to="/investor/dashboard" className={buttonClass('outline')}>
          Back to the dashboard
        </Link>
      }
    />
  );
}
