// A table of one server page (STYLE.md "Tables"): @tanstack/react-table with manual sorting, so the server
// sorts and pages; this component only shows the page and asks for another sort or page.
import type { ReactNode } from 'react';
import {
  type CellData,
  createColumnHelper,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type SortingState,
  type TableFeatures,
  type Updater,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cropvest/ui/table';
import { Pagination } from '@cropvest/ui/pagination';
import { PageEmptied } from '@cropvest/ui/page-emptied';

declare module '@tanstack/react-table' {
  // The parameters, their variance and default repeat the library's declaration, as a merged one must.
  /* eslint-disable @typescript-eslint/no-unused-vars -- the parameters only match the library's */
  interface ColumnMeta<
    in out TFeatures extends TableFeatures,
    in out TData extends RowData,
    TValue extends CellData = CellData,
  > {
    /** A column of figures: right-aligned, its digits lined up, never wrapped. */
    numeric?: boolean;
  }
  /* eslint-enable @typescript-eslint/no-unused-vars */
}

export const dataTableFeatures = tableFeatures({ rowSortingFeature });
type Features = typeof dataTableFeatures;
/** Column definitions for DataTable: `const col = columnHelper<Deposit>(); col.accessor('amount', {...})`. */
export const columnHelper = <T extends RowData>() => createColumnHelper<Features, T>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of one table hold different value types
export type DataTableColumn<T extends RowData> = ColumnDef<Features, T, any>;

export interface TableSort {
  id: string;
  desc: boolean;
}

export interface DataTableProps<T extends RowData> {
  /** Names the table for screen readers ("Your deposits"). */
  caption: string;
  columns: DataTableColumn<T>[];
  rows: T[];
  rowId: (row: T) => string;
  sort?: TableSort | null;
  onSortChange?: (sort: TableSort | null) => void;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Shown instead of the rows when this page has none; by default, that it emptied and a way to the first page. */
  empty?: ReactNode;
  /** Names the pager when a page holds several tables. */
  pagerLabel?: string;
  /** For a table with no buttons or links: its scroll box takes the focus, under this name. */
  scrollLabel?: string;
  /**
   * Below the `sm` breakpoint, one card per row (each value under its column's name) instead of a table that
   * scrolls sideways: for rows whose values are long (full addresses) or many.
   */
  cardsOnPhone?: boolean;
}

export function DataTable<T extends RowData>({
  caption,
  columns,
  rows,
  rowId,
  sort = null,
  onSortChange,
  page,
  pageSize,
  total,
  onPageChange,
  empty,
  pagerLabel,
  scrollLabel,
  cardsOnPhone = false,
}: DataTableProps<T>) {
  const sorting: SortingState = sort ? [sort] : [];
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows,
    getRowId: (row: T) => rowId(row),
    state: { sorting },
    manualSorting: true,
    enableSorting: Boolean(onSortChange),
    enableMultiSort: false,
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      onSortChange?.(next[0] ?? null);
    },
  });

  const columnHeaders = table.getHeaderGroups().at(-1)?.headers ?? [];

  return (
    <div className="space-y-3">
      {cardsOnPhone ? (
        <ul aria-label={caption} className="space-y-3 sm:hidden">
          {table.getRowModel().rows.map((row) => (
            <li key={row.id} className="rounded-lg border border-border p-3">
              <dl className="space-y-2 text-sm text-ink">
                {row.getAllCells().map((cell) => {
                  const header = columnHeaders.find((candidate) => candidate.column.id === cell.column.id);
                  // A column named by a control (a "select all" checkbox) is not repeated on every card.
                  const named =
                    header && !header.isPlaceholder && typeof header.column.columnDef.header === 'string';
                  // A cell with nothing to show (no checkbox on a settled row) leaves no gap on its card.
                  return (
                    <div key={cell.id} className="min-w-0 [&:has(>dd:empty)]:hidden">
                      {named ? (
                        <dt className="text-xs font-semibold uppercase tracking-wide text-ink-muted">
                          <table.FlexRender header={header} />
                        </dt>
                      ) : null}
                      <dd className="mt-0.5 min-w-0 break-words">
                        <table.FlexRender cell={cell} />
                      </dd>
                    </div>
                  );
                })}
              </dl>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={cardsOnPhone ? 'hidden sm:block' : undefined}>
        <Table scrollLabel={scrollLabel}>
          <caption className="sr-only">{caption}</caption>
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const column = header.column;
                  const canSort = column.getCanSort();
                  const sorted = column.getIsSorted();
                  const content = header.isPlaceholder ? null : <table.FlexRender header={header} />;
                  return (
                    <TableHead
                      key={header.id}
                      className={column.columnDef.meta?.numeric ? 'text-end' : undefined}
                      aria-sort={sorted ? (sorted === 'desc' ? 'descending' : 'ascending') : undefined}
                    >
                      {canSort ? (
                        <button
                          type="button"
                          onClick={column.getToggleSortingHandler()}
                          className="inline-flex items-center gap-1 rounded uppercase focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
                        >
                          {content}
                          {sorted === 'asc' ? (
                            <ArrowUp aria-hidden="true" className="h-3.5 w-3.5" />
                          ) : sorted === 'desc' ? (
                            <ArrowDown aria-hidden="true" className="h-3.5 w-3.5" />
                          ) : (
                            <ArrowUpDown aria-hidden="true" className="h-3.5 w-3.5 opacity-50" />
                          )}
                        </button>
                      ) : (
                        content
                      )}
                    </TableHead>
                  );
                })}
              </tr>
            ))}
          </TableHeader>
          <TableBody>
            {table.getRowModel().rows.map((row) => (
              <TableRow key={row.id}>
                {row.getAllCells().map((cell) => (
                  <TableCell
                    key={cell.id}
                    className={
                      cell.column.columnDef.meta?.numeric
                        ? 'whitespace-nowrap text-end tabular-nums'
                        : undefined
                    }
                  >
                    <table.FlexRender cell={cell} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {rows.length === 0 ? (empty ?? <PageEmptied onFirstPage={() => onPageChange(1)} />) : null}
      <Pagination
        page={page}
        pageSize={pageSize}
        total={total}
        onPageChange={onPageChange}
        label={pagerLabel}
      />
    </div>
  );
}
