// The results of an admin list shown as cards (users, investors, support tickets, notification history): the
// query's loading and error states, the empty state of a list with nothing in it, the no-results state of a
// narrowed one (or of a page past the end), then one server page of cards and the pager. The table lists'
// counterpart is AdminListResults.
import type { ReactNode } from 'react';
import type { ListState } from '@cropvest/web-kit/list-state';
import { Pagination } from '@cropvest/ui/pagination';
import { QueryView, SkeletonRows, type QueryLike } from '@cropvest/ui/query-view';
import type { AdminListPage } from './AdminListResults.tsx';

export interface AdminCardListProps<T, F extends string> {
  query: QueryLike<AdminListPage<T>>;
  list: ListState<F>;
  pageSize: number;
  /** What the loading and error texts call the list ("the tickets"). */
  what: string;
  /** The list's and its pager's accessible names ("Users" and "Pages of users"). */
  label?: { list: string; pager: string };
  /** The height of a loading card's placeholder ("h-24"). */
  skeletonHeight: string;
  empty: ReactNode;
  noResults: ReactNode;
  /** The list's layout ("space-y-3", "grid gap-3 lg:grid-cols-2"). */
  className: string;
  /** One card, an <li> with its key. */
  children: (item: T) => ReactNode;
}

export function AdminCardList<T, F extends string>({
  query,
  list,
  pageSize,
  what,
  label,
  skeletonHeight,
  empty,
  noResults,
  className,
  children,
}: AdminCardListProps<T, F>) {
  return (
    <QueryView
      query={query}
      what={what}
      skeleton={<SkeletonRows rows={4} className={skeletonHeight} />}
      isEmpty={(data) => data.items.length === 0}
      filtered={list.filtered || list.page > 1}
      empty={empty}
      noResults={noResults}
    >
      {(data) => (
        <div className="space-y-4">
          <ul aria-label={label?.list} className={className}>
            {data.items.map(children)}
          </ul>
          <Pagination
            page={list.page}
            pageSize={pageSize}
            total={data.total}
            onPageChange={list.setPage}
            {...(label ? { label: label.pager } : {})}
          />
        </div>
      )}
    </QueryView>
  );
}
