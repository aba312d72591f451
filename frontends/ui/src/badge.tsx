import type { HTMLAttributes } from 'react';
import { cn } from './cn.ts';

export type BadgeTone = 'green' | 'red' | 'blue' | 'yellow' | 'gray' | 'outline' | 'solid';

const tones: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-800 border-green-200',
  red: 'bg-red-100 text-red-800 border-red-200',
  blue: 'bg-blue-100 text-blue-800 border-blue-200',
  yellow: 'bg-yellow-100 text-yellow-900 border-yellow-200',
  gray: 'bg-slate-100 text-slate-800 border-slate-200',
  outline: 'bg-transparent text-slate-800 border-slate-300',
  /** The primary colour filled in (the spec's "default" badge). */
  solid: 'bg-emerald-700 text-white border-emerald-700',
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
