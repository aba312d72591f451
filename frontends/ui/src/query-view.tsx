import type { ReactNode } from 'react';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '@cropvest/ui/button';
import { Skeleton } from '@cropvest/ui/skeleton';
import { useUiMessages } from '@cropvest/ui/messages/catalogue';

/** What QueryView needs of an RTK Query result. */
export interface QueryLike<T> {
  data?: T | undefined;
  error?: unknown;
  isLoading: boolean;
  isFetching?: boolean;
  refetch: () => unknown;
}

export interface QueryViewProps<T> {
  query: QueryLike<T>;
  /** Stands in while the first answer loads; sized like the content so nothing jumps. */
  skeleton?: ReactNode;
  /** What could not be loaded, for the error message ("your deposits"). */
  what: string;
  isEmpty?: (data: T) => boolean;
  /** Nothing exists yet ("No deposits yet", with what to do). */
  empty?: ReactNode;
  /** Something exists, but not for these filters ("No results", with a way to clear them). */
  noResults?: ReactNode;
  /** True when a search or filter narrows the list: then an empty answer shows `noResults`. */
  filtered?: boolean;
  children: (data: T) => ReactNode;
}

export const SkeletonRows = ({ rows = 3, className = 'h-16' }: { rows?: number; className?: string }) => (
  <div className="space-y-3">
    {Array.from({ length: rows }, (_, i) => (
      <Skeleton key={i} className={className} />
    ))}
  </div>
);

/** The one way a screen shows a query: skeleton, error with retry, the two empty states, or the data. */
export function QueryView<T>({
  query,
  skeleton,
  what,
  isEmpty,
  empty,
  noResults,
  filtered = false,
  children,
}: QueryViewProps<T>) {
  const { text } = useUiMessages();
  if (query.isLoading)
    return (
      <div aria-busy="true">
        <span role="status" className="sr-only">
          {text('ui.query.loading', { what })}
        </span>
        {skeleton ?? <SkeletonRows />}
      </div>
    );
  if (query.error || query.data === undefined)
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-xl border border-danger-border bg-danger-muted px-6 py-8 text-center"
      >
        <AlertTriangle aria-hidden="true" className="h-6 w-6 text-danger" />
        <p className="font-semibold text-danger-ink">{text('ui.query.error', { what })}</p>
        <p className="text-sm text-danger-ink">{text('ui.query.errorHint')}</p>
        <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RotateCw aria-hidden="true" className="h-4 w-4" /> {text('ui.query.retry')}
        </Button>
      </div>
    );
  if (isEmpty?.(query.data)) return <>{filtered ? (noResults ?? empty) : empty}</>;
  return <>{children(query.data)}</>;
}
