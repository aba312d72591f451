// Admin screens not built yet: each says what it will hold. A screen leaves this list when it lands.
import { Link } from '@cropvest/web-kit/router';
import { buttonClass } from '@cropvest/ui/button-class';
import { ComingSoon } from '@cropvest/ui/coming-soon';

export const PLACEHOLDERS: Record<string, { title: string; description: string; features?: string[] }> = {
  '/admin/users/reports': {
    title: 'User Reports',
    description: 'Reports on sign-ups, verification and activity over time.',
  },
  '/admin/plans': {
    title: 'All Plans',
    description: 'The crop plans, with their rate, slots sold and status.',
    features: ['Edit and delete plans', 'Slots sold with a progress bar', 'Days left until the season ends'],
  },
  '/admin/plans/create': {
    title: 'Create Investment Plan',
    description: 'A full-page form to publish a new crop plan.',
    features: ['Basic information', 'Financial configuration', 'Availability and timing', 'Plan status'],
  },
  '/admin/plans/analytics': {
    title: 'Plan Analytics',
    description: 'How each plan is selling and performing over its season.',
  },
  '/admin/transactions/reports': {
    title: 'Transaction Reports',
    description: 'Deposit, withdrawal and investment totals over time.',
  },
  '/admin/reports': {
    title: 'Analytics Dashboard',
    description: 'Charts of the platform’s growth, deposits and harvests.',
  },
  '/admin/reports/revenue': {
    title: 'Revenue Reports',
    description: 'Revenue and payouts by period and by plan.',
  },
  '/admin/settings': {
    title: 'System Settings',
    description: 'General, interest and security settings of the platform.',
    features: [
      'General: name, support email, maintenance mode',
      'Interest: default rate, minimum and maximum investment',
      'Security: session timeout, login attempts',
    ],
  },
  '/admin/settings/interest': {
    title: 'Interest Controls',
    description: 'The default daily rate and investment limits.',
  },
  '/admin/settings/security': {
    title: 'Security Settings',
    description: 'Session timeout, login attempts and other security options.',
  },
};

export function placeholderFor(path: string) {
  const screen = PLACEHOLDERS[path];
  if (!screen) throw new Error(`no placeholder for ${path}`);
  return function Placeholder() {
    return (
      <ComingSoon
        {...screen}
        action={
          <Link to="/admin/dashboard" className={buttonClass('outline')}>
            Back to the dashboard
          </Link>
        }
      />
    );
  };
}
