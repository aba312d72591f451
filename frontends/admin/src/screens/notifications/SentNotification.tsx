// One send as both notification screens list it: title, type, date, message, whom it went to (everyone, or the
// count and the first names) and how many have read it.
import { Users } from 'lucide-react';
import type { AdminNotification, NotificationType } from '@cropvest/contracts/notify/model';
import { Badge } from '@cropvest/ui/badge';
import { formatCount, formatDateTime } from '@cropvest/ui/format';

export const TYPE_LABELS: Record<NotificationType, string> = {
  general: 'General',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  investment: 'Investment',
  security: 'Security',
};

export function audienceText(sent: AdminNotification): string {
  if (sent.recipientCount === null) return 'Everyone';
  const named = sent.recipients.map((user) => user.name).join(', ');
  const more = sent.recipientCount - sent.recipients.length;
  const count = `${formatCount(sent.recipientCount)} user${sent.recipientCount === 1 ? '' : 's'}`;
  return named ? `${count}: ${named}${more > 0 ? ` and ${formatCount(more)} more` : ''}` : count;
}

export function readText(sent: AdminNotification): string {
  return sent.recipientCount === null
    ? `Read by ${formatCount(sent.readCount)}`
    : `Read by ${formatCount(sent.readCount)} of ${formatCount(sent.recipientCount)}`;
}

export function SentNotification({ sent }: { sent: AdminNotification }) {
  return (
    <li className="rounded-xl border border-border bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 break-words font-semibold text-ink">{sent.title}</h3>
        <div className="flex items-center gap-2">
          <Badge tone="outline" className="capitalize">
            {sent.type}
          </Badge>
          <span className="whitespace-nowrap text-xs text-ink-muted">{formatDateTime(sent.createdAt)}</span>
        </div>
      </div>
      <p className="mt-2 whitespace-pre-wrap break-words text-sm text-ink">{sent.message}</p>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-ink-muted">
        <span className="inline-flex min-w-0 items-center gap-1 break-words">
          <Users aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
          <span className="sr-only">Sent to </span>
          {audienceText(sent)}
        </span>
        <span>{readText(sent)}</span>
      </div>
    </li>
  );
}
