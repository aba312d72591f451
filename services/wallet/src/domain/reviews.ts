// Deposit and withdrawal states (spec section 4): pending -> approved or rejected, decided once by an admin.
import type { DepositStatus } from '@cropvest/contracts';

export type ReviewDecision = 'approved' | 'rejected';

/** Why a review cannot happen, or null when the item is still pending. */
export function reviewRefusal(what: 'Deposit' | 'Withdrawal', status: DepositStatus): string | null {
  if (status === 'pending') return null;
  return `${what} has already been ${status}`;
}

/** Idempotency keys of the transfers each step makes: one key per movement, so each happens once. */
export const transferKeys = {
  depositCredit: (depositId: string) => `deposit:${depositId}:credit`,
  withdrawalHold: (withdrawalId: string) => `withdrawal:${withdrawalId}:hold`,
  withdrawalSettle: (withdrawalId: string) => `withdrawal:${withdrawalId}:settle`,
  withdrawalRelease: (withdrawalId: string) => `withdrawal:${withdrawalId}:release`,
  investmentDebit: (investmentId: string) => `investment:${investmentId}:debit`,
  investmentCancel: (investmentId: string) => `investment:${investmentId}:cancel`,
  harvestPrincipal: (investmentId: string) => `investment:${investmentId}:principal`,
  harvestInterest: (investmentId: string) => `investment:${investmentId}:interest`,
  harvestPrincipalFromProceeds: (investmentId: string) => `investment:${investmentId}:principal-proceeds`,
  disbursement: (disbursementId: string, investmentId: string) =>
    `disbursement:${disbursementId}:${investmentId}`,
  proceeds: (proceedsId: string) => `proceeds:${proceedsId}`,
  reserveContribution: (contributionId: string) => `reserve:${contributionId}:contribution`,
  reserveAllocation: (allocationId: string) => `reserve:${allocationId}:allocation`,
  adjustment: (key: string) => `adjustment:${key}`,
};
