// Pure rules of plans and purchases (spec section 5, ARCHITECTURE.md section 5). No I/O: the app layer reads
// the plan, the settings and the user's KYC status, and asks these functions what is allowed.
import { money, multiplyAmount, sameAmount } from '@cropvest/contracts';

export interface PlanState {
  id: string;
  minSlotPrice: string;
  totalSlots: number;
  availableSlots: number;
  startDate: string;
  endDate: string;
  isActive: boolean;
  deleted: boolean;
}

export interface PurchaseLimits {
  minimumInvestment: string;
  maximumInvestment: string;
  requireKyc: boolean;
}

export type PurchaseRefusal =
  | { status: 404; code: 'PLAN_NOT_FOUND'; message: string }
  | { status: 403; code: 'KYC_REQUIRED'; message: string }
  | {
      status: 400;
      code:
        | 'PLAN_NOT_OPEN'
        | 'PLAN_ENDED'
        | 'NOT_ENOUGH_SLOTS'
        | 'PRINCIPAL_MISMATCH'
        | 'BELOW_MINIMUM'
        | 'ABOVE_MAXIMUM';
      message: string;
    };

export const slotsLeftMessage = (available: number): string =>
  available === 0
    ? 'This plan is fully booked'
    : `Only ${available} slot${available === 1 ? '' : 's'} available`;

/** How an investment reads in the investor's transaction history, which the wallet keeps with the debit. */
export const investmentMemo = (planTitle: string, slots: number): string =>
  `${planTitle} · ${slots} slot${slots === 1 ? '' : 's'}`;

const PLAN_NOT_FOUND: PurchaseRefusal = { status: 404, code: 'PLAN_NOT_FOUND', message: 'Plan not found' };

/** Why `plan` sells nothing now (deleted, switched off or ended), or null while it is open. */
export function closedPlanRefusal(plan: PlanState, now: Date): PurchaseRefusal | null {
  if (plan.deleted) return PLAN_NOT_FOUND;
  if (!plan.isActive)
    return { status: 400, code: 'PLAN_NOT_OPEN', message: 'This plan is not open for investment' };
  if (Date.parse(plan.endDate) <= now.getTime())
    return { status: 400, code: 'PLAN_ENDED', message: 'This plan has ended' };
  return null;
}

/** NOT_ENOUGH_SLOTS when fewer than `slots` are left, else null. */
export const slotsRefusal = (plan: PlanState, slots: number): PurchaseRefusal | null =>
  slots > plan.availableSlots
    ? { status: 400, code: 'NOT_ENOUGH_SLOTS', message: slotsLeftMessage(plan.availableSlots) }
    : null;

/** Whether `slots` of `plan` may be bought now, and at what principal; the first broken rule is the answer. */
export function checkPurchase(
  plan: PlanState | undefined,
  input: { slots: number; clientPrincipal?: string | number; kycApproved: boolean },
  limits: PurchaseLimits,
  now: Date,
): { ok: true; principal: string } | { ok: false; refusal: PurchaseRefusal } {
  const refuse = (refusal: PurchaseRefusal) => ({ ok: false as const, refusal });
  if (!plan) return refuse(PLAN_NOT_FOUND);
  const closed = closedPlanRefusal(plan, now);
  if (closed) return refuse(closed);
  if (limits.requireKyc && !input.kycApproved)
    return refuse({
      status: 403,
      code: 'KYC_REQUIRED',
      message: 'Please complete KYC verification before investing',
    });
  const noSlots = slotsRefusal(plan, input.slots);
  if (noSlots) return refuse(noSlots);
  const principal = multiplyAmount(plan.minSlotPrice, input.slots);
  if (input.clientPrincipal !== undefined) {
    const given = String(input.clientPrincipal).trim();
    if (!/^\d+(\.\d+)?$/.test(given) || !sameAmount(given, principal)) {
      return refuse({
        status: 400,
        code: 'PRINCIPAL_MISMATCH',
        message: `Principal must equal slot price × slots (${principal})`,
      });
    }
  }
  if (money(principal).lessThan(limits.minimumInvestment))
    return refuse({
      status: 400,
      code: 'BELOW_MINIMUM',
      message: `Minimum investment is ${money(limits.minimumInvestment).toFixed(2)} USDT`,
    });
  if (money(principal).greaterThan(limits.maximumInvestment))
    return refuse({
      status: 400,
      code: 'ABOVE_MAXIMUM',
      message: `Maximum investment is ${money(limits.maximumInvestment).toFixed(2)} USDT`,
    });
  return { ok: true, principal };
}

/**
 * Editing a plan keeps the slots already sold: available = new total − sold, and the total cannot drop below
 * what was sold (pending purchases count as sold until they settle).
 */
export function editedSlots(
  current: { totalSlots: number; availableSlots: number },
  newTotal: number,
): { ok: true; availableSlots: number } | { ok: false; message: string } {
  const sold = current.totalSlots - current.availableSlots;
  if (newTotal < sold)
    return {
      ok: false,
      message: `Total slots cannot be less than the ${sold} slot${sold === 1 ? '' : 's'} already sold`,
    };
  return { ok: true, availableSlots: newTotal - sold };
}

/** The delete pre-check (spec: canDelete, reason, investmentCount). */
export function deletionCheck(activeInvestments: number): {
  canDelete: boolean;
  reason: string | null;
  investmentCount: number;
} {
  return activeInvestments > 0
    ? { canDelete: false, reason: 'This plan has active investments', investmentCount: activeInvestments }
    : { canDelete: true, reason: null, investmentCount: 0 };
}
