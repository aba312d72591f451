// KYC Management's list state in the address (search, tab, sort, page), the query it sends to
// /api/admin/kyc, and the labels the rows and dialog show.
import type {
  AdminKycCounts,
  AdminKycSort,
  AdminKycStatusFilter,
  KycIdType,
} from '@cropvest/contracts/kyc/model';
import type { ListState, SortState } from '@cropvest/web-kit/list-state';

export const KYC_PAGE_SIZE = 20;
export const DEFAULT_SORT: SortState = { id: 'submittedAt', desc: true };
const SORTABLE = new Set(['submittedAt', 'name']);

/** The spec's tabs, in order, with the counter each reads. */
export const KYC_TABS: { status: AdminKycStatusFilter; label: string; counter: string }[] = [
  { status: 'all', label: 'All Submissions', counter: 'Total Submissions' },
  { status: 'pending', label: 'Pending Review', counter: 'Pending Review' },
  { status: 'approved', label: 'Approved', counter: 'Approved' },
  { status: 'rejected', label: 'Rejected', counter: 'Rejected' },
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

export const ID_TYPE_LABELS: Record<KycIdType, string> = {
  passport: 'Passport',
  national_id: 'National ID',
  driver_license: "Driver's License",
};

/** The document view buttons, in the spec's order (the back of the ID only when given). */
export const DOCUMENTS = [
  { key: 'front', label: 'ID Front' },
  { key: 'back', label: 'ID Back' },
  { key: 'selfie', label: 'Selfie with ID' },
  { key: 'proofOfAddress', label: 'Proof of Address' },
] as const;
export type DocumentKey = (typeof DOCUMENTS)[number]['key'];
