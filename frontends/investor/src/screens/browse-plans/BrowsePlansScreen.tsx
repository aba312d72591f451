// Not built yet: says what this screen will hold.
import { Link } from '@cropvest/web-kit/router';
import { buttonClass } from '@cropvest/ui/button-class';
import { ComingSoon } from '@cropvest/ui/coming-soon';

export default function BrowsePlansScreen() {
  return (
    <ComingSoon
      title="Browse Plans"
      description="The crop plans open for investment will be listed here, with your balance beside them."
      features={[
        'Active plans with open slots, their daily rate, duration and slots filled',
        'An invest dialog that works out the cost of the slots you pick',
        'Plans that start later marked with the days until they start',
      ]}
      action={
        <Link to="/investor/dashboard" className={buttonClass('outline')}>
          Back to the dashboard
        </Link>
      }
    />
  );
}
