// One send as both notification screens list it: title, type, date, message, whom it went to (everyone, or the
// count and the first names) and how many have read it.
import { Users } from 'lucide-react';
import type { AdminNotification, NotificationType } from '@cropvest/contracts/notify/model';
import { Badge } from '@cropvest/ui/badge';
import { formatCount, formatDateTime } from '@cropvest/ui/format';
import { useNotificationsMessages, type NotificationsMessageId } from './messages/catalogue.ts';

export const TYPE_MESSAGES: Record<NotificationType, NotificationsMessageId> = {
  general: 'notifications.type.general',
  deposit: 'notifications.type.deposit',
  withdrawal: 'notifications.type.withdrawal',
  investment: 'notifications.type.investment',
  security: 'notifications.type.security',
};

type Text = ReturnType<typeof useNotificationsMessages>['text'];

export function audienceText(sent: AdminNotification, text: Text): string {
  if (sent.recipientCount === null) return text('notifications.sent.everyone');
  const named = sent.recipients.map((user) => user.name).join(', ');
  const more = sent.recipientCount - sent.recipients.length;
  const users = text('notifications.sent.users', { count: sent.recipientCount });
  if (!named) return users;
  return more > 0
    ? text('notifications.sent.usersNamedMore', { users, names: named, more: formatCount(more) })
    : text('notifications.sent.usersNamed', { users, names: named });
}

export function readText(sent: AdminNotification, text: Text): string {
  return sent.recipientCount === null
    ? text('notifications.sent.readBy', { read: formatCount(sent.readCount) })
    : text('notifications.sent.readByOf', {
        read: formatCount(sent.readCount),
        recipients: formatCount(sent.recipientCount),
      });
}

/** One sent notification; its title a level under the section it is listed in (the page's h1 in the history). */
export function SentNotification({ sent, level = 3 }: { sent: AdminNotification; level?: 2 | 3 }) {
  const { text } = useNotificationsMessages();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <li className="rounded-xl border border-border bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading className="min-w-0 break-words font-semibold text-ink">{sent.title}</Heading>
        <div className="flex items-center gap-2">
          <Badge tone="outline">{text(TYPE_MESSAGES[sent.type])}</Badge>
          <span className="whitespace-nowrap text-xs text-ink-muted">{formatDateTime(sent.createdAt)}</span>
        </div>
      </div>
      <p className="mt-2 whitespace-pre-wrap break-words text-sm text-ink">{sent.message}</p>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-ink-muted">
        <span className="inline-flex min-w-0 items-center gap-1 break-words">
          <Users aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
          <span className="sr-only">{text('notifications.sent.sentTo')}</span>
          {audienceText(sent, text)}
        </span>
        <span>{readText(sent, text)}</span>
      </div>
    </li>
  );
}
