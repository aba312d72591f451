// Shapes of the plans service's answers, used until that service and its contracts land (issue: plans).
// Field names follow the spec's section 3; amounts are decimal strings. Replace with the contracts' types
// when packages/contracts gains plans.ts.
export interface PlanSummary {
  id: string;
  title: string;
  description: string;
  minSlotPrice: string;
  dailyInterestRate: string;
  durationDays: number;
  totalSlots: number;
  availableSlots: number;
  startDate: string;
  endDate: string;
  imageUrl?: string | null;
  isActive: boolean;
}

export interface InvestmentSummary {
  id: string;
  userId: string;
  planId: string;
  slotsPurchased: number;
  principal: string;
  interestEarned: string;
  status: 'active' | 'completed';
  createdAt: string;
  plan?: { title: string; startDate: string; endDate: string; dailyInterestRate: string; durationDays: number } | null;
  /** Admin view only. */
  user?: { name: string } | null;
}

const DAY_MS = 86_400_000;

/** Dashboard progress: elapsed share of the plan's start to end, clamped 0-100 (spec section 9). */
export function growthProgress(startDate: string, endDate: string, now = Date.now()): number {
  const start = Date.parse(startDate);
  const end = Date.parse(endDate);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return now >= end ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round(((now - start) / (end - start)) * 100)));
}

/** Whole days to the end date, never below 0. */
export function daysToHarvest(endDate: string, now = Date.now()): number {
  const end = Date.parse(endDate);
  if (!Number.isFinite(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / DAY_MS));
}

/**
 * The fields the admin dashboard reads from GET /api/admin/deposits and /api/admin/withdrawals. They are a
 * subset of the wallet contracts' AdminDeposit and AdminWithdrawal; `user` may be missing for a deleted user.
 */
export interface AdminTransferSummary {
  id: string;
  amount: string;
  status: 'pending' | 'approved' | 'rejected';
  createdAt: string;
  walletAddress?: string;
  user?: { name: string; email: string } | null;
}
