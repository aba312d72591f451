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
import { useProfileMessages, type ProfileMessageId } from './messages/catalogue.ts';

const SWITCHES: {
  name: keyof NotificationPreferences;
  label: ProfileMessageId;
  description: ProfileMessageId;
}[] = [
  {
    name: 'email',
    label: 'profile.notifications.email.label',
    description: 'profile.notifications.email.description',
  },
  {
    name: 'push',
    label: 'profile.notifications.push.label',
    description: 'profile.notifications.push.description',
  },
  {
    name: 'investment',
    label: 'profile.notifications.investment.label',
    description: 'profile.notifications.investment.description',
  },
  {
    name: 'deposits',
    label: 'profile.notifications.deposits.label',
    description: 'profile.notifications.deposits.description',
  },
  {
    name: 'harvests',
    label: 'profile.notifications.harvests.label',
    description: 'profile.notifications.harvests.description',
  },
  {
    name: 'weekly',
    label: 'profile.notifications.weekly.label',
    description: 'profile.notifications.weekly.description',
  },
];

export function NotificationsTab() {
  const { text } = useProfileMessages();
  const preferences = useNotificationPreferencesQuery();
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{text('profile.notifications.title')}</CardTitle>
        <CardDescription>{text('profile.notifications.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryView
          query={preferences}
          what={text('profile.notifications.what')}
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
  const { text } = useProfileMessages();
  const id = useId();
  const [update] = useUpdateNotificationPreferencesMutation();
  const change = async (on: boolean) => {
    try {
      await update({ [name]: on }).unwrap();
    } catch (error) {
      toastFailure(error, { fallback: text('profile.notifications.failed') });
    }
  };
  return (
    <li className="flex items-start justify-between gap-4 py-4">
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium text-ink">
          {text(label)}
        </label>
        <p id={`${id}-description`} className="text-sm text-ink-muted">
          {text(description)}
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
