// What the deposit and withdrawal queues share: their list state in the address (search, status, sort, page),
// the query those send to /api/admin/deposits and /api/admin/withdrawals, and the pure rules of the toolbar.
import type { AdminTransferSort, AdminTransferStatusFilter } from '@cropvest/contracts/wallet/model';
import type { ListState, SortState } from '@cropvest/web-kit/list-state';
import type { ReviewQueueMessageId } from './messages/catalogue.ts';

export const QUEUE_PAGE_SIZE = 20;
export const STATUS_FILTERS: AdminTransferStatusFilter[] = ['all', 'pending', 'approved', 'rejected'];
export const DEFAULT_SORT: SortState = { id: 'createdAt', desc: true };
const SORTABLE = new Set(['createdAt', 'amount']);

export type QueueListState = ListState<'status'>;

export interface QueueArgs {
  page: number;
  pageSize: number;
  q?: string;
  status: AdminTransferStatusFilter;
  sort: AdminTransferSort;
}

/** A status from the address, or 'all' for anything the server would refuse. */
export const statusFilter = (value: string): AdminTransferStatusFilter =>
  (STATUS_FILTERS as string[]).includes(value) ? (value as AdminTransferStatusFilter) : 'all';

/** The server's sort parameter for the table's sort ('-createdAt' unless a sortable column is chosen). */
export function sortParam(sort: SortState | null): AdminTransferSort {
  const chosen = sort && SORTABLE.has(sort.id) ? sort : DEFAULT_SORT;
  return `${chosen.desc ? '-' : ''}${chosen.id}` as AdminTransferSort;
}

/** The request for the list's current state; the page size is kept within the server's 1..200. */
export function queueArgs(list: QueueListState): QueueArgs {
  const q = list.search.trim();
  return {
    page: list.page,
    pageSize: Math.min(Math.max(list.pageSize, 1), 200),
    ...(q ? { q } : {}),
    status: statusFilter(list.filters.status),
    sort: sortParam(list.sort),
  };
}

/** The status filter buttons' words: All, Pending, Approved, Rejected. */
export const STATUS_LABELS: Record<AdminTransferStatusFilter, ReviewQueueMessageId> = {
  all: 'reviewQueue.filter.all',
  pending: 'reviewQueue.filter.pending',
  approved: 'reviewQueue.filter.approved',
  rejected: 'reviewQueue.filter.rejected',
};
