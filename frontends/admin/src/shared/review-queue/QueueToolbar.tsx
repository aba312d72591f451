// The queues' toolbar (deposits, withdrawals): the list kit's search, the status filter with its counts, and the
// 'N … found' line.
import type { AdminTransferCounts } from '@cropvest/contracts/wallet/model';
import { ListToolbar } from '@cropvest/ui/list/toolbar';
import { STATUS_FILTERS, STATUS_LABELS, statusFilter, type QueueListState } from './queue.ts';
import { useReviewQueueMessages } from './messages/catalogue.ts';

export interface QueueToolbarProps {
  list: QueueListState;
  counts: AdminTransferCounts | undefined;
  searchLabel: string;
  searchPlaceholder: string;
  /** The singular noun of the 'N … found' line, in the page's language ("deposit"). */
  noun: string;
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
  const { text } = useReviewQueueMessages();
  return (
    <ListToolbar
      list={list}
      search={{ label: searchLabel, placeholder: searchPlaceholder }}
      filter={{
        label: text('reviewQueue.filter.label'),
        options: STATUS_FILTERS.map((status) => ({ value: status, label: text(STATUS_LABELS[status]) })),
        current: statusFilter(list.filters.status),
        counts,
        onChange: (status) => list.setFilter('status', status),
      }}
      noun={noun}
      total={total}
    />
  );
}
