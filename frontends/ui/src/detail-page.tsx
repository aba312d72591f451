// A page behind a list row (issue 27 item 4): a back link to the list, the record's query with its loading and
// error states, and a framed not-found when the server answers 404 (an unknown id, or someone else's record).
import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { NotFound } from '@cropvest/ui/not-found';
import { QueryView, SkeletonRows, type QueryLike } from '@cropvest/ui/query-view';

/** The back link's look and words; the link itself is the web kit's BackLink (the router lives there). */
export const BACK_LINK_CLASS =
  'inline-flex min-h-6 items-center gap-1 text-sm font-medium text-brand-ink hover:underline';

export function BackLinkLabel({ label }: { label: string }) {
  return (
    <>
      <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" /> {label}
    </>
  );
}

const isNotFound = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;

export interface DetailPageProps<T> {
  /** The link back to the list (the web kit's BackLink). */
  back: ReactNode;
  query: QueryLike<T>;
  /** What could not be loaded ("this investment"). */
  what: string;
  skeleton?: ReactNode;
  children: (data: T) => ReactNode;
}

export function DetailPage<T>({ back, query, what, skeleton, children }: DetailPageProps<T>) {
  return (
    <div className="space-y-6">
      {back}
      {isNotFound(query.error) ? (
        <div className="rounded-xl border border-border bg-surface shadow-sm">
          <NotFound standalone={false} />
        </div>
      ) : (
        <QueryView
          query={query}
          what={what}
          skeleton={skeleton ?? <SkeletonRows rows={2} className="h-40" />}
        >
          {children}
        </QueryView>
      )}
    </div>
  );
}
