// The queues' toolbar (deposits, withdrawals): the list kit's search, the status filter with its counts, and the
// 'N … found' line.
import type { AdminTransferCounts } from '@cropvest/contracts/wallet/model';
import { ListToolbar } from '@cropvest/ui/list/toolbar';
import { STATUS_OPTIONS, statusFilter, type QueueListState } from './queue.ts';

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
    <ListToolbar
      list={list}
      search={{ label: searchLabel, placeholder: searchPlaceholder }}
      filter={{
        label: 'Filter by status',
        options: STATUS_OPTIONS,
        current: statusFilter(list.filters.status),
        counts,
        onChange: (status) => list.setFilter('status', status),
      }}
      noun={noun}
      total={total}
    />
  );
}
