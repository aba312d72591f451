// The results section every admin list shares: the query's loading and error states, the empty state of a list
// with nothing in it, the no-results state of a narrowed one, and the server-paged table whose page may have
// emptied under the operator (rows decided elsewhere) with a way back to the first page. Below the `sm`
// breakpoint each row is a card, so its status and actions never sit in a sideways scroller.
import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';
import type { ListState } from '@cropvest/web-kit/list-state';
import { DataTable, type DataTableColumn } from '@cropvest/ui/data-table';
import { EmptyState } from '@cropvest/ui/empty-state';
import { QueryView, SkeletonRows, type QueryLike } from '@cropvest/ui/query-view';

export interface AdminListPage<T> {
  items: T[];
  total: number;
}

export interface AdminListResultsProps<T extends object, F extends string> {
  query: QueryLike<AdminListPage<T>>;
  list: ListState<F>;
  /** The page size the query asked for (the list's, clamped to what the server allows). */
  pageSize: number;
  /** Plural noun as the texts use it: "deposits" → "the deposits", "No deposits found". */
  noun: string;
  /** The table's caption (a screen reader's name for it). */
  caption: string;
  /** The empty state's description when nothing exists yet, e.g. "Deposit requests will appear here". */
  emptyDescription?: string;
  /** A screen whose spec words its states otherwise passes them whole. */
  empty?: ReactNode;
  noResults?: ReactNode;
  columns: DataTableColumn<T>[];
  rowId: (row: T) => string;
  /** Called before the page changes (a screen clears its selection there). */
  onPageChange?: () => void;
  icon?: ReactNode;
}

export function AdminListResults<T extends object, F extends string>({
  query,
  list,
  pageSize,
  noun,
  caption,
  emptyDescription,
  columns,
  rowId,
  onPageChange,
  icon = <Inbox className="h-8 w-8" />,
  empty = <EmptyState icon={icon} title={`No ${noun} found`} description={emptyDescription} />,
  noResults = <EmptyState icon={icon} title={`No ${noun} found`} description="Try adjusting your filters" />,
}: AdminListResultsProps<T, F>) {
  const goTo = (page: number) => {
    onPageChange?.();
    list.setPage(page);
  };
  return (
    <QueryView
      query={query}
      what={`the ${noun}`}
      skeleton={<SkeletonRows rows={6} className="h-12" />}
      isEmpty={(data) => data.total === 0}
      filtered={list.filtered}
      empty={empty}
      noResults={noResults}
    >
      {(data) => (
        <DataTable
          caption={caption}
          columns={columns}
          rows={data.items}
          rowId={rowId}
          sort={list.sort}
          onSortChange={(sort) => list.setSort(sort)}
          page={list.page}
          pageSize={pageSize}
          total={data.total}
          onPageChange={goTo}
          // A row's status and its actions stay on screen at phone width: one card per row there.
          cardsOnPhone
        />
      )}
    </QueryView>
  );
}
