// What the pages of mailed links share: the single-use token from the address, and the box that says how it went.
import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Info } from 'lucide-react';
import { useLocation } from '@cropvest/web-kit/router';
import { cn } from '@cropvest/ui/cn';

/** The `token` of a mailed link (`/freeze?token=…`); empty when the address has none. */
export const useLinkToken = (): string => new URLSearchParams(useLocation().search).get('token') ?? '';

const TONES = {
  success: {
    box: 'border-emerald-300 bg-emerald-50 text-emerald-950',
    icon: CheckCircle2,
    color: 'text-emerald-700',
  },
  danger: { box: 'border-red-300 bg-red-50 text-red-950', icon: AlertTriangle, color: 'text-red-700' },
  info: { box: 'border-sky-300 bg-sky-50 text-sky-950', icon: Info, color: 'text-sky-700' },
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
