// The queues' toolbar: a search box (typing updates the address after a short pause), the status filter
// buttons with their counts, and the 'N … found' line.
import { useEffect, useId, useState } from 'react';
import { Search } from 'lucide-react';
import type { AdminTransferCounts } from '@cropvest/contracts/wallet';
import { Input, Label } from '@cropvest/ui/input';
import { cn } from '@cropvest/ui/cn';
import { formatCount } from '@cropvest/ui/format';
import { countOf, foundLine, STATUS_FILTERS, statusFilter, type QueueListState } from './queue.ts';

const SEARCH_DELAY_MS = 300;

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
  const searchId = useId();
  const [text, setText] = useState(list.search);
  const { search, setSearch } = list;
  // The address can change under the box (Back, a link): follow it.
  useEffect(() => setText(search), [search]);
  useEffect(() => {
    if (text === search) return;
    const timer = window.setTimeout(() => setSearch(text), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, search, setSearch]);
  const current = statusFilter(list.filters.status);

  return (
    <div className="space-y-4">
      <div className="space-y-1.5">
        <Label htmlFor={searchId}>{searchLabel}</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
          />
          <Input
            id={searchId}
            type="search"
            value={text}
            maxLength={200}
            placeholder={searchPlaceholder}
            onChange={(event) => setText(event.target.value)}
            className="pl-9"
          />
        </div>
      </div>
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
                    active ? 'bg-white/20' : 'bg-slate-100 text-slate-700',
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
