// The queues' toolbar (deposits, withdrawals): the list kit's search, the status filter with its counts, the
// 'N … found' line and how many await a second approval.
import type { AdminTransferCounts } from '@cropvest/contracts/wallet/model';
import { ListToolbar } from '@cropvest/ui/list/toolbar';
import { STATUS_FILTERS, STATUS_LABELS, statusFilter, type QueueListState } from './queue.ts';
import { useReviewQueueMessages } from './messages/catalogue.ts';

export interface QueueToolbarProps {
  list: QueueListState;
  counts: AdminTransferCounts | undefined;
  /** The queue's own words, in the page's language. */
  words: {
    search: { label: string; placeholder: string };
    /** The 'N … found' line's noun for one and for several ("deposit", "deposits"). */
    noun: string;
    nouns: string;
    /** "2 deposits await a second approval". */
    awaitingSecond: (count: number) => string;
  };
  /** The list's total for the current search and status, once known. */
  total: number | undefined;
}

export function QueueToolbar({ list, counts, words, total }: QueueToolbarProps) {
  const { text } = useReviewQueueMessages();
  const awaitingSecond = counts?.awaitingSecondApproval ?? 0;
  return (
    <>
      <ListToolbar
        list={list}
        search={words.search}
        filter={{
          label: text('reviewQueue.filter.label'),
          options: STATUS_FILTERS.map((status) => ({ value: status, label: text(STATUS_LABELS[status]) })),
          current: statusFilter(list.filters.status),
          counts,
          onChange: (status) => list.setFilter('status', status),
        }}
        noun={words.noun}
        nouns={words.nouns}
        total={total}
      />
      {awaitingSecond > 0 ? (
        <p className="text-sm text-warning-ink">{words.awaitingSecond(awaitingSecond)}</p>
      ) : null}
    </>
  );
}
