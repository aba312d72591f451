// The queues' toolbar: the search box, the status filter buttons with their counts, and the 'N … found' line.
import type { AdminTransferCounts } from '@cropvest/contracts/wallet';
import { cn } from '@cropvest/ui/cn';
import { formatCount } from '@cropvest/ui/format';
import { countOf, foundLine, STATUS_FILTERS, statusFilter, type QueueListState } from './queue.ts';
import { SearchBox } from './SearchBox.tsx';

export interface QueueToolbarProps {
  list: QueueListState;
  counts: AdminTransferCounts | undefined;
  searchLabel: string;
  searchPlaceholder: string;
  noun: 'deposit' | 'withdrawal';
  /** The list's total for the current search and status, once known. */
  total: number | undefined;
}

export function QueueToolbar({
  list,
  counts,
  searchLabel,
  searchPlaceholder,
  noun,
  total,
}: QueueToolbarProps) {
  const current = statusFilter(list.filters.status);

  return (
    <div className="space-y-4">
      <SearchBox
        label={searchLabel}
        placeholder={searchPlaceholder}
        search={list.search}
        setSearch={list.setSearch}
      />
      <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-2">
        {STATUS_FILTERS.map((status) => {
          const count = countOf(counts, status);
          const active = current === status;
          return (
            <button
              key={status}
              type="button"
              aria-pressed={active}
              onClick={() => list.setFilter('status', status)}
              className={cn(
                'inline-flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-medium capitalize',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600',
                active
                  ? 'border-emerald-700 bg-emerald-700 text-white'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
              )}
            >
              {status}
              {count !== undefined ? (
                <span
                  className={cn(
                    'rounded-full px-1.5 text-xs tabular-nums',
                    active ? 'bg-white text-emerald-800' : 'bg-slate-100 text-slate-700',
                  )}
                >
                  {formatCount(count)}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <p role="status" className="text-sm text-slate-700">
        {total === undefined ? '\u00a0' : foundLine(total, noun)}
      </p>
    </div>
  );
}
