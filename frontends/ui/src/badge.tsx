import type { HTMLAttributes } from 'react';
import { cn } from './cn.ts';

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

/** A status word in the spec's colours, e.g. <StatusBadge status="pending" />. */
export const StatusBadge = ({ status, className }: { status: string; className?: string }) => (
  <Badge tone={statusTone(status)} className={cn('capitalize', className)}>
    {status.replace(/_/g, ' ')}
  </Badge>
);
