// The queues' toolbar: the search box, the status filter buttons with their counts, and the 'N … found' line.
import type { AdminTransferCounts } from '@cropvest/contracts/wallet';
import { FilterButtons } from '../admin-list/FilterButtons.tsx';
import { FoundStatus } from '../admin-list/FoundStatus.tsx';
import { STATUS_OPTIONS, statusFilter, type QueueListState } from './queue.ts';
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
  return (
    <div className="space-y-4">
      <SearchBox
        label={searchLabel}
        placeholder={searchPlaceholder}
        search={list.search}
        setSearch={list.setSearch}
      />
      <FilterButtons
        label="Filter by status"
        options={STATUS_OPTIONS}
        current={statusFilter(list.filters.status)}
        counts={counts}
        onChange={(status) => list.setFilter('status', status)}
      />
      <FoundStatus total={total} noun={noun} />
    </div>
  );
}
