// The results of a list, as a table or as cards: the query's loading and error states, the empty state of a list
// with nothing in it, the no-results state of a narrowed one, one server page of rows and the pager. A page that
// emptied under the reader (rows decided elsewhere, a page past the end) says so and offers the first page.
// The table turns into one card per row below the `sm` breakpoint, so a row's status and actions never sit in a
// sideways scroller at phone width.
import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';
import { DataTable, type DataTableColumn } from '@cropvest/ui/data-table';
import { EmptyState, EmptyStateLevel } from '@cropvest/ui/empty-state';
import { PageEmptied } from '@cropvest/ui/page-emptied';
import { Pagination } from '@cropvest/ui/pagination';
import { QueryView, SkeletonRows, type QueryLike } from '@cropvest/ui/query-view';
import type { ListControls, ListPage } from '@cropvest/ui/list/controls';
import { useUiMessages } from '@cropvest/ui/messages/catalogue';

interface ListStates<T> {
  /** The data layer's answer for the page (an RTK Query result). */
  query: QueryLike<ListPage<T>>;
  list: ListControls;
  /** The page size the query asked for. */
  pageSize: number;
  /** Plural noun as the texts use it: "deposits" → "the deposits", "No deposits found". */
  noun: string;
  /** What the loading and error texts call the list ("your deposits"); "the <noun>" unless given. */
  what?: string;
  /** The empty state's description when nothing exists yet, e.g. "Deposit requests will appear here". */
  emptyDescription?: string;
  /** A screen whose spec words its states otherwise passes them whole. */
  empty?: ReactNode;
  noResults?: ReactNode;
  icon?: ReactNode;
  /** Called before the page changes (a screen clears its selection there). */
  onPageChange?: () => void;
}

/** The list's query with its states; the rows once there are some. */
function ListQuery<T>({
  query,
  list,
  noun,
  what,
  emptyDescription,
  icon = <Inbox className="h-8 w-8" />,
  empty,
  noResults,
  skeleton,
  children,
}: ListStates<T> & { skeleton: ReactNode; children: (data: ListPage<T>) => ReactNode }) {
  const { text } = useUiMessages();
  const none = text('ui.list.none', { noun });
  return (
    <EmptyStateLevel.Provider value={2}>
      <QueryView
        query={query}
        what={what ?? text('ui.list.what', { noun })}
        skeleton={skeleton}
        isEmpty={(data) => data.total === 0}
        filtered={list.filtered}
        empty={empty ?? <EmptyState icon={icon} title={none} description={emptyDescription} />}
        noResults={
          noResults ?? <EmptyState icon={icon} title={none} description={text('ui.list.noResultsHint')} />
        }
      >
        {children}
      </QueryView>
    </EmptyStateLevel.Provider>
  );
}

const pageMover = (list: ListControls, onPageChange?: () => void) => (page: number) => {
  onPageChange?.();
  list.setPage(page);
};

export interface ListTableProps<T extends object> extends ListStates<T> {
  /** The table's caption (a screen reader's name for it). */
  caption: string;
  columns: DataTableColumn<T>[];
  rowId: (row: T) => string;
  /** For a table with no buttons or links: its scroll box takes the focus, under this name. */
  scrollLabel?: string | undefined;
  /** False for a list the server does not sort: its headers then offer no sort. */
  sortable?: boolean;
  /** Names the pager when a page holds several lists ("Pages of deposits"). */
  pagerLabel?: string | undefined;
}

export function ListTable<T extends object>({
  caption,
  columns,
  rowId,
  scrollLabel,
  sortable = true,
  pagerLabel,
  ...states
}: ListTableProps<T>) {
  const { list, pageSize } = states;
  return (
    <ListQuery {...states} skeleton={<SkeletonRows rows={6} className="h-12" />}>
      {(data) => (
        <DataTable
          caption={caption}
          columns={columns}
          rows={data.items}
          rowId={rowId}
          {...(scrollLabel ? { scrollLabel } : {})}
          {...(pagerLabel ? { pagerLabel } : {})}
          {...(sortable ? { sort: list.sort, onSortChange: list.setSort } : {})}
          page={list.page}
          pageSize={pageSize}
          total={data.total}
          onPageChange={pageMover(list, states.onPageChange)}
          cardsOnPhone
        />
      )}
    </ListQuery>
  );
}

export interface ListCardsProps<T> extends ListStates<T> {
  /** The list's and its pager's accessible names ("Users" and "Pages of users"). */
  label?: { list: string; pager: string };
  /** The height of a loading card's placeholder ("h-24"). */
  skeletonHeight: string;
  /** The list's layout ("space-y-3", "grid gap-3 lg:grid-cols-2"). */
  className: string;
  /** An ordered list when the order means something (a timeline). */
  ordered?: boolean;
  /** One card, an <li> with its key. */
  children: (item: T) => ReactNode;
}

export function ListCards<T>({
  label,
  skeletonHeight,
  className,
  ordered = false,
  children,
  ...states
}: ListCardsProps<T>) {
  const { list, pageSize } = states;
  const Items = ordered ? 'ol' : 'ul';
  const goTo = pageMover(list, states.onPageChange);
  return (
    <ListQuery {...states} skeleton={<SkeletonRows rows={4} className={skeletonHeight} />}>
      {(data) => (
        <div className="space-y-4">
          {data.items.length === 0 ? (
            <PageEmptied onFirstPage={() => goTo(1)} />
          ) : (
            <Items aria-label={label?.list} className={className}>
              {data.items.map(children)}
            </Items>
          )}
          <Pagination
            page={list.page}
            pageSize={pageSize}
            total={data.total}
            onPageChange={goTo}
            {...(label ? { label: label.pager } : {})}
          />
        </div>
      )}
    </ListQuery>
  );
}

export interface RowsTableProps<T extends object> {
  /** The table's caption (a screen reader's name for it). */
  caption: string;
  columns: DataTableColumn<T>[];
  rows: T[];
  rowId: (row: T) => string;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  /** For a table with no buttons or links: its scroll box takes the focus, under this name. */
  scrollLabel?: string | undefined;
}

/**
 * Rows already in hand rather than a server page (a report's figures, a reconciliation's networks): the same
 * table, one card per row below the `sm` breakpoint, and no pager since every row is shown.
 */
export function RowsTable<T extends object>({
  caption,
  columns,
  rows,
  rowId,
  empty,
  scrollLabel,
}: RowsTableProps<T>) {
  if (rows.length === 0) return <>{empty}</>;
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={rows}
      rowId={rowId}
      {...(scrollLabel ? { scrollLabel } : {})}
      page={1}
      pageSize={rows.length}
      total={rows.length}
      onPageChange={() => undefined}
      cardsOnPhone
    />
  );
}
