// Not built yet: says what this screen will hold.
import { Link } from '@cropvest/web-kit/router';
import { buttonClass } from '@cropvest/ui/button-class';
import { ComingSoon } from '@cropvest/ui/coming-soon';

export default function SupportScreen() {
  return (
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
  );
}
