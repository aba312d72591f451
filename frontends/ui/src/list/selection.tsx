// Row selection for a list with bulk actions (rejecting several deposits at once): which rows of the page shown
// may be chosen, the checkbox column (with "select every … on this page"), and the bar that names how many are
// chosen and offers the actions. Only rows of the page shown stay chosen, so an action never reaches a row the
// person cannot see.
import { useState, type ReactNode } from 'react';
import type { RowData } from '@tanstack/react-table';
import { Button } from '@cropvest/ui/button';
import { Checkbox } from '@cropvest/ui/checkbox';
import { columnHelper, type DataTableColumn } from '@cropvest/ui/data-table';
import { formatCount } from '@cropvest/ui/format';
import { useUiMessages } from '@cropvest/ui/messages/catalogue';

export interface RowSelectionOptions<T extends RowData> {
  /** The rows of the page shown. */
  rows: T[];
  rowId: (row: T) => string;
  /** Whether a row may be chosen (a pending deposit may, a settled one not). */
  selectable: (row: T) => boolean;
}

export interface RowSelection<T extends RowData> {
  /** The chosen rows of the page shown. */
  chosen: T[];
  clear: () => void;
  /** Drops rows an action settled, keeping the rest chosen. */
  forget: (ids: readonly string[]) => void;
  /** The checkbox column; `all` names the header's checkbox, `one` each row's. */
  column: (names: { all: string; one: (row: T) => string }) => DataTableColumn<T>;
}

export function useRowSelection<T extends RowData>({
  rows,
  rowId,
  selectable,
}: RowSelectionOptions<T>): RowSelection<T> {
  const { text } = useUiMessages();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const candidates = rows.filter(selectable);
  const chosen = candidates.filter((row) => selected.has(rowId(row)));
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const every = candidates.length > 0 && chosen.length === candidates.length;

  return {
    chosen,
    clear: () => setSelected(new Set()),
    forget: (ids) => setSelected((current) => new Set([...current].filter((id) => !ids.includes(id)))),
    column: ({ all, one }) =>
      columnHelper<T>().display({
        id: 'select',
        // With nothing to choose on the page the header still names its column (axe: empty-table-header).
        header: () =>
          candidates.length > 0 ? (
            <Checkbox
              aria-label={all}
              checked={every ? true : chosen.length > 0 ? 'indeterminate' : false}
              onCheckedChange={(on) => setSelected(on === true ? new Set(candidates.map(rowId)) : new Set())}
            />
          ) : (
            <span className="sr-only">{text('ui.list.selectionColumn')}</span>
          ),
        cell: (info) => {
          const row = info.row.original;
          return selectable(row) ? (
            <Checkbox
              aria-label={one(row)}
              checked={selected.has(rowId(row))}
              onCheckedChange={(on) => toggle(rowId(row), on === true)}
            />
          ) : null;
        },
        enableSorting: false,
      }),
  };
}

/** "2 pending deposits selected", the bulk actions and a way to clear the choice; nothing while none is chosen. */
export function BulkActions({
  count,
  noun,
  nouns,
  onClear,
  children,
}: {
  count: number;
  /** What is chosen, for one ("pending deposit"). */
  noun: string;
  /** What is chosen, for several ("pending deposits"). */
  nouns: string;
  onClear: () => void;
  /** The actions, buttons acting on every chosen row. */
  children: ReactNode;
}) {
  const { text } = useUiMessages();
  if (count === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-surface-muted px-3 py-2">
      <p role="status" className="text-sm text-ink">
        {text('ui.list.selected', { count, formatted: formatCount(count), noun, nouns })}
      </p>
      {children}
      <Button size="sm" variant="outline" onClick={onClear}>
        {text('ui.list.clearSelection')}
      </Button>
    </div>
  );
}
