// Not built yet: says what this screen will hold.
import { Link } from '@cropvest/web-kit/router';
import { buttonClass } from '@cropvest/ui/button-class';
import { ComingSoon } from '@cropvest/ui/coming-soon';

export default function ProfileScreen() {
  return (
    <ComingSoon
      title="Profile & Settings"
      description="Your profile, security options, notification preferences and identity verification (KYC) will be managed here."
      features={[
        'Profile details and account balance',
        'Change password',
        'KYC verification status and submission',
      ]}
      action={
        <Link to="/investor/dashboard" className={buttonClass('outline')}>
          Back to the dashboard
        </Link>
      }
    />
  );
}
