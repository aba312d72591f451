import type { ReactNode } from 'react';
import { cn } from '@cropvest/ui/cn';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  /** Heading level for the title, so it fits the page outline. */
  level?: 2 | 3;
}

/** Says plainly that there is nothing here yet, why, and what to do next. */
export function EmptyState({ icon, title, description, action, className, level = 3 }: EmptyStateProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center rounded-xl border border-dashed border-border-strong bg-surface px-6 py-10 text-center',
        className,
      )}
    >
      {icon ? (
        <div aria-hidden="true" className="mb-3 text-brand">
          {icon}
        </div>
      ) : null}
      <Heading className="text-base font-semibold text-ink">{title}</Heading>
      {description ? <div className="mt-1 max-w-md text-sm text-ink-muted">{description}</div> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
