// Unmatched Deposits' pure rules: the list's state in the address (search, network, page) as the request the chain
// service takes, the network filter's values, and where a held assignment stands for the admin looking at it (the
// four-eyes stages the deposit and withdrawal queues use). No React, no zod: unit-tested in
// test/unmatched.unit.test.ts.
import type { TransferAssignment, UnmatchedNetworkFilter } from '@cropvest/contracts/chain/unmatched';
import { NETWORK_TYPES } from '@cropvest/contracts/chain/networks';
import type { ListState } from '@cropvest/web-kit/list-state';
import { approvalStage, type ApprovalStage } from '../review-queue/four-eyes.ts';

export const UNMATCHED_PAGE_SIZE = 20;

export interface UnmatchedArgs {
  page: number;
  pageSize: number;
  q?: string;
  network: UnmatchedNetworkFilter;
}

/** The network filter's buttons: every network, then each one (the screen words them). */
export const NETWORK_FILTERS: readonly UnmatchedNetworkFilter[] = ['all', ...NETWORK_TYPES];

/** A network from the address, or 'all' for anything the server would refuse. */
export const networkFilter = (value: string): UnmatchedNetworkFilter =>
  NETWORK_FILTERS.find((option) => option === value) ?? 'all';

/** The request for the list's current state; the page size is kept within the server's 1..200. */
export function unmatchedArgs(list: ListState<'network'>): UnmatchedArgs {
  const q = list.search.trim();
  return {
    page: list.page,
    pageSize: Math.min(Math.max(list.pageSize, 1), 200),
    ...(q ? { q } : {}),
    network: networkFilter(list.filters.network),
  };
}

/**
 * A held assignment as the queues' four-eyes rule reads it: the assigning admin gave the first approval, so they
 * wait for another admin, whose approval settles it.
 */
export const assignmentStage = (
  assignment: Pick<TransferAssignment, 'status' | 'requestedBy'>,
  adminId: string | undefined,
): ApprovalStage =>
  approvalStage(
    {
      status: assignment.status === 'awaiting_second_approval' ? 'pending' : 'approved',
      requiresSecondApproval: true,
      firstApprovedBy: assignment.requestedBy,
    },
    adminId,
  );

/** "0x1234ab…9f0e": enough of a transaction id or an address to recognise it; the full one is in its title. */
export const shortId = (value: string): string =>
  value.length > 16 ? `${value.slice(0, 8)}…${value.slice(-6)}` : value;
