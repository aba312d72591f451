// Not built yet: says what this screen will hold.
import { Link } from '@cropvest/web-kit/router';
import { buttonClass } from '@cropvest/ui/button-class';
import { ComingSoon } from '@cropvest/ui/coming-soon';

export default function NotificationsScreen() {
  return (
    <ComingSoon
      title="Notifications"
      description="Messages about your deposits, withdrawals, investments and account will appear here."
      features={['Tabs for all, unread and read', 'Click an unread message to mark it read']}
      action={
        <Link to="/investor/dashboard" className={buttonClass('outline')}>
          Back to the dashboard
        </Link>
      }
    />
  );
}
