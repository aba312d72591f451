// Notifications (spec section 2): the six switches, kept by the server (GET/PUT /api/notifications/preferences)
// and followed by the mailer (docs/decisions/0011). Each switch saves on its own as it is flipped. Push and
// weekly summaries are stored only: nothing sends them yet, and the texts say so.
import { useId } from 'react';
import type { NotificationPreferences } from '@cropvest/contracts/notify/model';
import { toastFailure } from '@cropvest/web-kit/form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { Switch } from '@cropvest/ui/switch';
import {
  useNotificationPreferencesQuery,
  useUpdateNotificationPreferencesMutation,
} from '../../api/notifications.ts';

const SWITCHES: { name: keyof NotificationPreferences; label: string; description: string }[] = [
  {
    name: 'email',
    label: 'Email Notifications',
    description:
      'Mail me my notifications. Password resets and alerts about your password or sign-ins are mailed even when this is off.',
  },
  {
    name: 'push',
    label: 'Push Notifications',
    description: 'Kept for later: the platform does not send push notifications to devices yet.',
  },
  {
    name: 'investment',
    label: 'Investment Updates',
    description: 'Mail me when an investment is confirmed or could not be completed.',
  },
  {
    name: 'deposits',
    label: 'Deposit Confirmations',
    description: 'Mail me when a deposit is approved or rejected.',
  },
  {
    name: 'harvests',
    label: 'Harvest Alerts',
    description: 'Mail me when a harvest pays out my principal and interest.',
  },
  {
    name: 'weekly',
    label: 'Weekly Summary',
    description: 'Kept for later: the platform does not send weekly summaries yet.',
  },
];

export function NotificationsTab() {
  const preferences = useNotificationPreferencesQuery();
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Notification Preferences</CardTitle>
        <CardDescription>
          Every notification also appears on your Notifications page. The mail switches below apply while
          Email Notifications is on.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryView
          query={preferences}
          what="your notification preferences"
          skeleton={<SkeletonRows rows={6} className="h-12" />}
        >
          {(values) => (
            <ul className="divide-y divide-border">
              {SWITCHES.map((item) => (
                <PreferenceSwitch key={item.name} {...item} checked={values[item.name]} />
              ))}
            </ul>
          )}
        </QueryView>
      </CardContent>
    </Card>
  );
}

function PreferenceSwitch({
  name,
  label,
  description,
  checked,
}: (typeof SWITCHES)[number] & { checked: boolean }) {
  const id = useId();
  const [update] = useUpdateNotificationPreferencesMutation();
  const change = async (on: boolean) => {
    try {
      await update({ [name]: on }).unwrap();
    } catch (error) {
      toastFailure(error, { fallback: 'Failed to save your notification preferences' });
    }
  };
  return (
    <li className="flex items-start justify-between gap-4 py-4">
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium text-ink">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-ink-muted">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        aria-describedby={`${id}-description`}
        onCheckedChange={(on) => void change(on)}
      />
    </li>
  );
}
