import type { ReactNode } from 'react';
import { Card } from '@cropvest/ui/card';
import { Skeleton } from '@cropvest/ui/skeleton';
import { cn } from '@cropvest/ui/cn';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  /** A short line under the figure, e.g. why it is not available. */
  note?: ReactNode;
  loading?: boolean;
  className?: string;
}

/** One headline figure; shows a skeleton while loading. */
export function StatCard({ label, value, icon, note, loading, className }: StatCardProps) {
  return (
    <Card className={cn('p-5', className)}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-ink-muted">{label}</p>
          {loading ? (
            <Skeleton className="mt-2 h-8 w-28" />
          ) : (
            <p className="mt-1 truncate text-2xl font-bold text-ink">{value}</p>
          )}
          {note && !loading ? <p className="mt-1 text-xs text-ink-muted">{note}</p> : null}
        </div>
        {icon ? (
          <div aria-hidden="true" className="rounded-lg bg-brand-muted p-2 text-brand">
            {icon}
          </div>
        ) : null}
      </div>
    </Card>
  );
}
