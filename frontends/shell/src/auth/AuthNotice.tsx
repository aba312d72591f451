// What the pages of mailed links share: the single-use token from the address, and the box that says how it went.
import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Info } from 'lucide-react';
import { useLocation } from '@cropvest/web-kit/router';
import { cn } from '@cropvest/ui/cn';

/** The `token` of a mailed link (`/freeze?token=…`); empty when the address has none. */
export const useLinkToken = (): string => new URLSearchParams(useLocation().search).get('token') ?? '';

const TONES = {
  success: {
    box: 'border-brand-border bg-brand-muted text-brand-ink',
    icon: CheckCircle2,
    color: 'text-brand',
  },
  danger: {
    box: 'border-danger-border bg-danger-muted text-danger-ink',
    icon: AlertTriangle,
    color: 'text-danger',
  },
  info: { box: 'border-info-border bg-info-muted text-info-ink', icon: Info, color: 'text-info' },
} as const;

/**
 * An outcome (success, info: a polite status) or a problem (danger: an alert), with its icon. `title` is a
 * heading, so a screen reader's heading list finds what happened.
 */
export function AuthNotice({
  tone,
  title,
  children,
}: {
  tone: keyof typeof TONES;
  title: string;
  children?: ReactNode;
}) {
  const { box, icon: Icon, color } = TONES[tone];
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg border p-4', box)}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 h-5 w-5 shrink-0', color)} />
      <div className="min-w-0 space-y-2 text-sm">
        <h2 className="font-semibold">{title}</h2>
        {children}
      </div>
    </div>
  );
}
