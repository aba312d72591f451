// Not built yet: says what this screen will hold.
import { Link } from '@cropvest/web-kit/router';
import { buttonClass } from '@cropvest/ui/button-class';
import { ComingSoon } from '@cropvest/ui/coming-soon';

export default function DepositScreen() {
  return (
    <ComingSoon
      title="Deposit"
      description="You will find the platform's USDT wallet address here, with a form to declare a deposit and its proof."
      features={[
        'The platform wallet address with a copy button',
        'Your deposit history and its review status',
        'Step-by-step instructions',
      ]}
      action={
        <Link to="/investor/dashboard" className={buttonClass('outline')}>
          Back to the dashboard
        </Link>
      }
    />
  );
}
