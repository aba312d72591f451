// The plans service's operations of funded payouts (docs/decisions/0091): a plan's money and coverage, the
// records admins keep (disbursements, proceeds, the reserve fund), and the settlement of a short plan.
import { z } from '../zod.ts';
import { ownedBy } from '../api-operation.ts';
import { ListQuery, PageQuery } from '../common.ts';
import {
  Disbursement,
  DisbursementRequest,
  PayoutStatus,
  PlanDisbursement,
  PlanFunding,
  ProceedsReceipt,
  ProceedsRequest,
  ReserveAllocation,
  ReserveAllocationRequest,
  ReserveContribution,
  ReserveContributionRequest,
  ReserveFund,
  Settlement,
  SettlementRequest,
} from './funding.ts';

/** The admin desk's list of plans' money, one payout status at a time when asked. */
export const PlanFundingQuery = PageQuery.extend({ payoutStatus: PayoutStatus.optional() })
  .strict()
  .openapi('PlanFundingQuery');
export type PlanFundingQuery = z.infer<typeof PlanFundingQuery>;

/** A plan's money on the desk: the plan page's figures, its title and harvest day included. */
export const PlanFundingListItem = PlanFunding;
export type PlanFundingListItem = PlanFunding;

const LEGACY_OR_CLOSED =
  'A plan created before funded payouts (LEGACY_PLAN), or closed by a settlement (PLAN_CLOSED)';
const DECIDED = 'Already decided (ALREADY_DECIDED), or the same admin who proposed it (SAME_APPROVER)';

export const fundingOperations = ownedBy('plans', {
  planFunding: {
    method: 'get',
    path: '/api/plans/{id}/funding',
    summary:
      "A plan's money: raised, disbursed (and when), proceeds received, reserve allocated, due at harvest and coverage; says when no proceeds were recorded",
    tag: 'Plans',
    auth: 'public',
    response: PlanFunding,
  },
  planDisbursements: {
    method: 'get',
    path: '/api/plans/{id}/disbursements',
    summary:
      "When a plan's principal went to its operator: each disbursement's amount, day and on-chain transfer, newest first, one page (total in X-Total-Count); for anyone who can see the plan",
    tag: 'Plans',
    auth: 'public',
    query: ListQuery,
    paged: true,
    response: z.array(PlanDisbursement),
  },
  adminPlanFunding: {
    method: 'get',
    path: '/api/admin/plan-funding',
    summary:
      "Every plan's money and payout status, plans waiting for settlement first, one page (total in X-Total-Count)",
    tag: 'Admin: funding',
    auth: 'admin',
    query: PlanFundingQuery,
    paged: true,
    response: z.array(PlanFundingListItem),
  },
  adminPlanDisbursements: {
    method: 'get',
    path: '/api/admin/plans/{id}/disbursements',
    summary: "A plan's disbursements to its operator, newest first, one page (total in X-Total-Count)",
    tag: 'Admin: funding',
    auth: 'admin',
    query: ListQuery,
    paged: true,
    response: z.array(Disbursement),
  },
  recordDisbursement: {
    method: 'post',
    path: '/api/admin/plans/{id}/disbursements',
    errors: {
      409: `${LEGACY_OR_CLOSED}, or its payout started (PAYOUT_STARTED); or the txid backs another record`,
    },
    summary:
      'Record principal sent to the operator: split pro rata over the investments past their four days to reconsider, moved from invested to the plan',
    tag: 'Admin: funding',
    auth: 'admin',
    body: DisbursementRequest,
    response: Disbursement,
    status: 201,
  },
  planProceeds: {
    method: 'get',
    path: '/api/admin/plans/{id}/proceeds',
    summary: "A plan's harvest proceeds received, newest first, one page (total in X-Total-Count)",
    tag: 'Admin: funding',
    auth: 'admin',
    query: ListQuery,
    paged: true,
    response: z.array(ProceedsReceipt),
  },
  recordProceeds: {
    method: 'post',
    path: '/api/admin/plans/{id}/proceeds',
    errors: { 409: `${LEGACY_OR_CLOSED}; or the txid backs another record` },
    summary:
      "Record harvest proceeds received (amount, day, buyer, evidence, on-chain txid): the plan's proceeds",
    tag: 'Admin: funding',
    auth: 'admin',
    body: ProceedsRequest,
    response: ProceedsReceipt,
    status: 201,
  },
  requestReserveAllocation: {
    method: 'post',
    path: '/api/admin/plans/{id}/reserve-allocations',
    errors: { 409: LEGACY_OR_CLOSED },
    summary:
      'Allocate reserve to a plan with a reason: applied at once below the second-approval threshold, otherwise awaiting a second admin',
    tag: 'Admin: funding',
    auth: 'admin',
    body: ReserveAllocationRequest,
    response: ReserveAllocation,
    status: 201,
  },
  planSettlements: {
    method: 'get',
    path: '/api/admin/plans/{id}/settlements',
    summary: "A plan's settlement proposals and decisions, newest first, one page (total in X-Total-Count)",
    tag: 'Admin: funding',
    auth: 'admin',
    query: ListQuery,
    paged: true,
    response: z.array(Settlement),
  },
  requestSettlement: {
    method: 'post',
    path: '/api/admin/plans/{id}/settlements',
    errors: {
      409: 'The plan is not waiting for a settlement (NOT_AWAITING_SETTLEMENT), or a proposal awaits a second admin (SETTLEMENT_PENDING)',
    },
    summary:
      'Propose how to settle a plan short of its payout: pay_covered, postpone, pro_rata or fail; a different admin approves',
    tag: 'Admin: funding',
    auth: 'admin',
    body: SettlementRequest,
    response: Settlement,
    status: 201,
  },
  approveSettlement: {
    method: 'post',
    path: '/api/admin/plan-settlements/{id}/approve',
    errors: { 409: `${DECIDED}; or pay_covered while the plan is still short (NOT_COVERED)` },
    summary: 'Approve a settlement (a second admin): carried out at once, and a payout it allows is paid',
    tag: 'Admin: funding',
    auth: 'admin',
    response: Settlement,
  },
  rejectSettlement: {
    method: 'post',
    path: '/api/admin/plan-settlements/{id}/reject',
    errors: { 409: DECIDED },
    summary: 'Reject a settlement proposal (a second admin)',
    tag: 'Admin: funding',
    auth: 'admin',
    response: Settlement,
  },
  reserveFund: {
    method: 'get',
    path: '/api/admin/reserve',
    summary: 'The reserve fund: contributed, allocated, balance, allocations awaiting a second admin',
    tag: 'Admin: funding',
    auth: 'admin',
    response: ReserveFund,
  },
  reserveContributions: {
    method: 'get',
    path: '/api/admin/reserve/contributions',
    summary: 'Platform money put in the reserve fund, newest first, one page (total in X-Total-Count)',
    tag: 'Admin: funding',
    auth: 'admin',
    query: ListQuery,
    paged: true,
    response: z.array(ReserveContribution),
  },
  contributeToReserve: {
    method: 'post',
    path: '/api/admin/reserve/contributions',
    errors: { 409: 'The txid backs another record' },
    summary: 'Record platform money put in the reserve fund (never an investor balance)',
    tag: 'Admin: funding',
    auth: 'admin',
    body: ReserveContributionRequest,
    response: ReserveContribution,
    status: 201,
  },
  reserveAllocations: {
    method: 'get',
    path: '/api/admin/reserve/allocations',
    summary: 'Reserve allocations to plans, newest first, one page (total in X-Total-Count)',
    tag: 'Admin: funding',
    auth: 'admin',
    query: ListQuery,
    paged: true,
    response: z.array(ReserveAllocation),
  },
  approveReserveAllocation: {
    method: 'post',
    path: '/api/admin/reserve/allocations/{id}/approve',
    errors: { 409: `${DECIDED}; or ${LEGACY_OR_CLOSED}` },
    summary: 'Approve a reserve allocation (a second admin): the reserve moves to the plan',
    tag: 'Admin: funding',
    auth: 'admin',
    response: ReserveAllocation,
  },
  rejectReserveAllocation: {
    method: 'post',
    path: '/api/admin/reserve/allocations/{id}/reject',
    errors: { 409: DECIDED },
    summary: 'Reject a reserve allocation (a second admin)',
    tag: 'Admin: funding',
    auth: 'admin',
    response: ReserveAllocation,
  },
});
