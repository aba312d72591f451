// Not built yet: says what this screen will hold.
import { Link } from '@cropvest/web-kit/router';
import { buttonClass } from '@cropvest/ui/button-class';
import { ComingSoon } from '@cropvest/ui/coming-soon';

export default function WithdrawScreen() {
  return (
    <ComingSoon
      title="Withdraw"
      description="You will request withdrawals to your own TRC-20 USDT address here."
      features={[
        'Your available balance',
        'A withdrawal form and your withdrawal history',
        'Notes on review times',
      ]}
      action={
        <Link to="/investor/dashboard" className={buttonClass('outline')}>
          Back to the dashboard
        </Link>
      }
    />
  );
}
