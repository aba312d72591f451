import type { HTMLAttributes } from 'react';
import { cn } from '@cropvest/ui/cn';
import { useUiMessages, type UiMessageId } from '@cropvest/ui/messages/catalogue';

export type BadgeTone = 'green' | 'red' | 'blue' | 'yellow' | 'gray' | 'outline' | 'solid';

const tones: Record<BadgeTone, string> = {
  green: 'bg-success-muted text-success-ink border-success-border',
  red: 'bg-danger-muted text-danger-ink border-danger-border',
  blue: 'bg-info-muted text-info-ink border-info-border',
  yellow: 'bg-warning-muted text-warning-ink border-warning-border',
  gray: 'bg-surface-muted text-ink border-border',
  outline: 'bg-transparent text-ink border-border-strong',
  /** The primary colour filled in (the spec's "default" badge). */
  solid: 'bg-brand text-on-brand border-brand',
};

/** The spec's badge colours: approved and completed green, rejected red, active blue, otherwise yellow. */
export function statusTone(status: string | null | undefined): BadgeTone {
  switch (status) {
    case 'approved':
    case 'completed':
      return 'green';
    case 'rejected':
      return 'red';
    case 'active':
      return 'blue';
    default:
      return 'yellow';
  }
}

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export const Badge = ({ tone = 'gray', className, ...props }: BadgeProps) => (
  <span
    className={cn(
      'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
      tones[tone],
      className,
    )}
    {...props}
  />
);

/** The statuses the contracts know, in words (an unknown one shows as it came, its underscores as spaces). */
const STATUS_WORDS: Partial<Record<string, UiMessageId>> = {
  pending: 'ui.status.pending',
  approved: 'ui.status.approved',
  rejected: 'ui.status.rejected',
  completed: 'ui.status.completed',
  active: 'ui.status.active',
  cancelled: 'ui.status.cancelled',
  open: 'ui.status.open',
  in_progress: 'ui.status.inProgress',
  resolved: 'ui.status.resolved',
  closed: 'ui.status.closed',
  awaiting_second_approval: 'ui.status.awaitingSecondApproval',
  applied: 'ui.status.applied',
};

/** A status word in the spec's colours, e.g. <StatusBadge status="pending" />. */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const { text } = useUiMessages();
  const word = STATUS_WORDS[status];
  return (
    <Badge tone={statusTone(status)} className={cn('capitalize', className)}>
      {word ? text(word) : status.replace(/_/g, ' ')}
    </Badge>
  );
}
