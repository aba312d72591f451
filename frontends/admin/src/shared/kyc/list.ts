// KYC Management's list state in the address (search, tab, sort, page), the query it sends to
// /api/admin/kyc, and the message ids of the labels the rows and dialog show.
import type {
  AdminKycCounts,
  AdminKycSort,
  AdminKycStatusFilter,
  KycIdType,
} from '@cropvest/contracts/kyc/model';
import type { ListState, SortState } from '@cropvest/web-kit/list-state';
import type { SharedKycMessageId } from './messages/catalogue.ts';

export const KYC_PAGE_SIZE = 20;
export const DEFAULT_SORT: SortState = { id: 'submittedAt', desc: true };
const SORTABLE = new Set(['submittedAt', 'name']);

/** The spec's tabs, in order, with the counter each reads. */
export const KYC_TABS: {
  status: AdminKycStatusFilter;
  label: SharedKycMessageId;
  counter: SharedKycMessageId;
}[] = [
  { status: 'all', label: 'kyc.tab.all', counter: 'kyc.counter.all' },
  { status: 'pending', label: 'kyc.tab.pending', counter: 'kyc.counter.pending' },
  { status: 'approved', label: 'kyc.tab.approved', counter: 'kyc.counter.approved' },
  { status: 'rejected', label: 'kyc.tab.rejected', counter: 'kyc.counter.rejected' },
];

export type KycListState = ListState<'status'>;

export interface KycListArgs {
  page: number;
  pageSize: number;
  q?: string;
  status: AdminKycStatusFilter;
  sort: AdminKycSort;
}

/** A tab from the address, or 'all' for anything the server would refuse. */
export const statusTab = (value: string): AdminKycStatusFilter =>
  KYC_TABS.some((tab) => tab.status === value) ? (value as AdminKycStatusFilter) : 'all';

/** The server's sort for the table's ('-submittedAt' unless a sortable column is chosen). */
export function sortParam(sort: SortState | null): AdminKycSort {
  const chosen = sort && SORTABLE.has(sort.id) ? sort : DEFAULT_SORT;
  return `${chosen.desc ? '-' : ''}${chosen.id}` as AdminKycSort;
}

/** The request for the list's current state; the page size is kept within the server's 1..200. */
export function kycListArgs(list: KycListState): KycListArgs {
  const q = list.search.trim();
  return {
    page: list.page,
    pageSize: Math.min(Math.max(list.pageSize, 1), 200),
    ...(q ? { q } : {}),
    status: statusTab(list.filters.status),
    sort: sortParam(list.sort),
  };
}

export const countOf = (counts: AdminKycCounts | undefined, status: AdminKycStatusFilter) => counts?.[status];

export const ID_TYPE_LABELS: Record<KycIdType, SharedKycMessageId> = {
  passport: 'kyc.idType.passport',
  national_id: 'kyc.idType.nationalId',
  driver_license: 'kyc.idType.driverLicense',
};

/** The document view buttons, in the spec's order (the back of the ID only when given). */
export const DOCUMENTS = [
  { key: 'front', label: 'kyc.document.front' },
  { key: 'back', label: 'kyc.document.back' },
  { key: 'selfie', label: 'kyc.document.selfie' },
  { key: 'proofOfAddress', label: 'kyc.document.proofOfAddress' },
] as const satisfies readonly { key: string; label: SharedKycMessageId }[];
export type DocumentKey = (typeof DOCUMENTS)[number]['key'];
