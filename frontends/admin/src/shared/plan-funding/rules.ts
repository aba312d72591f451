// The funding desk's pure rules (docs/decisions/0091): the payout statuses in words and colours, the desk's filter
// in the address as the request the plans service takes, the settlement actions in words, and where a proposal
// (a reserve allocation or a settlement) stands for the admin looking at it — the four-eyes stages the deposit,
// withdrawal and unmatched queues use. No React, no zod.
import type { PayoutStatus, ReserveAllocation, Settlement } from '@cropvest/contracts/plans/funding';
import type { PlanFundingQuery } from '@cropvest/contracts/plans/funding-api';
import type { BadgeTone } from '@cropvest/ui/badge';
import type { ListState } from '@cropvest/web-kit/list-state';
import { approvalStage, type ApprovalStage } from '../review-queue/four-eyes.ts';
import type { SharedPlanFundingMessageId } from './messages/catalogue.ts';

export const DESK_PAGE_SIZE = 20;
/** The network choice of money that did not move on chain (a bank transfer, cash): the record has no txid. */
export const NOT_ON_CHAIN = 'none';
export const RECORDS_PAGE_SIZE = 10;

export const PAYOUT_STATUS: Record<PayoutStatus, { label: SharedPlanFundingMessageId; tone: BadgeTone }> = {
  open: { label: 'sharedPlanFunding.payout.open', tone: 'gray' },
  paying: { label: 'sharedPlanFunding.payout.paying', tone: 'green' },
  settlement_needed: { label: 'sharedPlanFunding.payout.settlementNeeded', tone: 'red' },
  postponed: { label: 'sharedPlanFunding.payout.postponed', tone: 'yellow' },
  settled: { label: 'sharedPlanFunding.payout.settled', tone: 'blue' },
  failed: { label: 'sharedPlanFunding.payout.failed', tone: 'red' },
};

export type PayoutFilter = PayoutStatus | 'all';

export const PAYOUT_FILTERS: readonly { value: PayoutFilter; label: SharedPlanFundingMessageId }[] = [
  { value: 'all', label: 'sharedPlanFunding.payout.all' },
  ...(Object.keys(PAYOUT_STATUS) as PayoutStatus[]).map((status) => ({
    value: status,
    label: PAYOUT_STATUS[status].label,
  })),
];

/** A payout status from the address, or 'all' for anything the server would refuse. */
export const payoutFilter = (value: string): PayoutFilter =>
  PAYOUT_FILTERS.find((option) => option.value === value)?.value ?? 'all';

/** The desk's request for the list's state; the page size kept within the server's 1..200. */
export function deskArgs(list: ListState<'status'>): PlanFundingQuery {
  const status = payoutFilter(list.filters.status);
  return {
    page: list.page,
    pageSize: Math.min(Math.max(list.pageSize, 1), 200),
    ...(status === 'all' ? {} : { payoutStatus: status }),
  };
}

export const SETTLEMENT_ACTIONS: Record<
  Settlement['action'],
  { label: SharedPlanFundingMessageId; explained: SharedPlanFundingMessageId }
> = {
  pay_covered: {
    label: 'sharedPlanFunding.settlement.payCovered',
    explained: 'sharedPlanFunding.settlement.payCoveredExplained',
  },
  postpone: {
    label: 'sharedPlanFunding.settlement.postpone',
    explained: 'sharedPlanFunding.settlement.postponeExplained',
  },
  pro_rata: {
    label: 'sharedPlanFunding.settlement.proRata',
    explained: 'sharedPlanFunding.settlement.proRataExplained',
  },
  fail: {
    label: 'sharedPlanFunding.settlement.fail',
    explained: 'sharedPlanFunding.settlement.failExplained',
  },
};

export const APPROVAL_STATUS: Record<
  Settlement['status'],
  { label: SharedPlanFundingMessageId; tone: BadgeTone }
> = {
  awaiting_second_approval: { label: 'sharedPlanFunding.approval.awaiting', tone: 'blue' },
  approved: { label: 'sharedPlanFunding.approval.approved', tone: 'green' },
  rejected: { label: 'sharedPlanFunding.approval.rejected', tone: 'gray' },
};

/**
 * A proposal as the queues' four-eyes rule reads it: the admin who made it gave the first approval, so they wait
 * for another admin, whose approval decides it.
 */
export const proposalStage = (
  proposal: Pick<Settlement | ReserveAllocation, 'status' | 'requestedBy'>,
  adminId: string | undefined,
): ApprovalStage =>
  approvalStage(
    {
      status: proposal.status === 'awaiting_second_approval' ? 'pending' : 'approved',
      requiresSecondApproval: true,
      firstApprovedBy: proposal.requestedBy,
    },
    adminId,
  );

/** Tomorrow as a day (YYYY-MM-DD, UTC): the earliest day a payout can be postponed to. */
export const tomorrow = (now = Date.now()): string => new Date(now + 86_400_000).toISOString().slice(0, 10);

/** Today as a day (YYYY-MM-DD, UTC): the default day of a record. */
export const today = (now = Date.now()): string => new Date(now).toISOString().slice(0, 10);
