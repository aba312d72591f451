// Browse Plans' pure rules (spec sections 2, 5 and 9): the invest dialog's slots, cost, shortfall and
// projections, and each plan card's badge and slots filled. Money stays in decimal strings (web kit money).
import {
  compareAmounts,
  dailyEarnings,
  multiplyAmount,
  projectedCompoundReturn,
  projectedTotalReturn,
  subtractAmounts,
  sumAmounts,
} from '@cropvest/contracts/money';
import { knownText } from '@cropvest/web-kit/known-texts';
import type { BrowsePlansText } from './messages/catalogue.ts';

const DAY_MS = 86_400_000;

/**
 * The slots the dialog buys for what is in the input: a whole number from 1 to the available slots (spec:
 * "slots at least 1 (input clamps to 1), at most the available slots"). Empty or unreadable input counts as 1.
 */
export function clampSlots(input: string | number, availableSlots: number): number {
  const max = Math.max(1, Math.floor(availableSlots));
  const n = typeof input === 'number' ? Math.floor(input) : Number.parseInt(input.trim(), 10);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, max);
}

/**
 * What the slots input shows while someone types: digits only, so the field and the cost always agree; a
 * number above the available slots becomes the maximum and 0 becomes 1 at once (the cost never buys a number
 * of slots the field does not show). An empty field may stay until it is left, so a number can be retyped.
 */
export function slotsInputValue(typed: string, availableSlots: number): string {
  const digits = typed.replace(/\D/g, '');
  if (digits === '') return '';
  const n = Number.parseInt(digits, 10);
  if (n < 1) return '1';
  const max = Math.max(1, Math.floor(availableSlots));
  return n > max ? String(max) : digits;
}

/** Cost = slot price × slots, a decimal string with 8 places. */
export const investmentCost = (slotPrice: string, slots: number): string => multiplyAmount(slotPrice, slots);

/** How much the balance is short of the cost, or null when the balance covers it. */
export function balanceShortfall(cost: string, balance: string | null | undefined): string | null {
  const available = balance ?? '0';
  return compareAmounts(cost, available) > 0 ? subtractAmounts(cost, available) : null;
}

export interface Projection {
  /** principal × rate / 100 */
  daily: string;
  /** daily × durationDays (simple), or compounded day by day */
  total: string;
  /** principal + total */
  final: string;
}

/**
 * The spec's projected returns (section 9), each a decimal string with 8 places; with `compound` (Auto compound
 * interest on when bought) the total compounds daily as the accrual will credit it.
 */
export function projectReturns(
  principal: string,
  dailyRatePercent: string,
  durationDays: number,
  compound = false,
): Projection {
  const total = compound
    ? projectedCompoundReturn(principal, dailyRatePercent, durationDays)
    : projectedTotalReturn(principal, dailyRatePercent, durationDays);
  return {
    daily: dailyEarnings(principal, dailyRatePercent),
    total,
    final: sumAmounts([principal, total]),
  };
}

export type PlanBadge =
  | { kind: 'fully-booked'; label: string }
  | { kind: 'starts'; label: string; days: number }
  | { kind: 'active'; label: string };

/**
 * A plan card's badge: Fully Booked when no slot is left; otherwise "Starts in {n}d" (whole days, rounded up)
 * while the start date is in the future, else Active.
 */
export function planBadge(
  plan: { availableSlots: number; startDate: string },
  text: BrowsePlansText,
  now: number = Date.now(),
): PlanBadge {
  if (plan.availableSlots <= 0) return { kind: 'fully-booked', label: text('browsePlans.badge.fullyBooked') };
  const start = Date.parse(plan.startDate);
  if (Number.isFinite(start) && start > now) {
    const days = Math.ceil((start - now) / DAY_MS);
    return { kind: 'starts', label: text('browsePlans.badge.starts', { days }), days };
  }
  return { kind: 'active', label: text('browsePlans.badge.active') };
}

/** Slots filled percent = (total − available) / total × 100, within 0-100; a plan without slots is 0. */
export function slotsFilledPercent(totalSlots: number, availableSlots: number): number {
  if (!(totalSlots > 0)) return 0;
  const filled = ((totalSlots - availableSlots) / totalSlots) * 100;
  return Math.min(100, Math.max(0, filled));
}

/** The plan a deep link (`/investor/invest?plan=<id>`) names, or null. */
export function planParam(search: string): string | null {
  const value = new URLSearchParams(search).get('plan');
  return value && value.trim() ? value.trim() : null;
}

/** The same address without the `plan` parameter (closing the dialog removes it). */
export function withoutPlanParam(pathname: string, search: string, hash = ''): string {
  const params = new URLSearchParams(search);
  params.delete('plan');
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}${hash}`;
}

export interface ToastText {
  title: string;
  description: string;
  variant: 'success' | 'destructive' | 'default';
}

/** The spec's success toast (section 8). */
export const investSuccessToast = (text: BrowsePlansText): ToastText => ({
  title: text('browsePlans.toast.successTitle'),
  description: text('browsePlans.toast.successDescription'),
  variant: 'success',
});

/**
 * The toast for a refused purchase (spec section 8): over the balance 'Insufficient Balance'; otherwise
 * 'Investment Failed' with the server's message or 'Failed to create investment'. A purchase the wallet has
 * not confirmed yet is not a failure: it completes or is cancelled by itself, and the toast says so.
 */
export function investFailureToast(error: unknown, text: BrowsePlansText): ToastText {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    status?: unknown;
    code?: unknown;
    serverMessage?: unknown;
  };
  const serverMessage = typeof e.serverMessage === 'string' && e.serverMessage ? e.serverMessage : null;
  if (e.code === 'INSUFFICIENT_BALANCE' || (e.status === 400 && serverMessage === 'Insufficient balance'))
    return {
      title: text('browsePlans.toast.insufficientTitle'),
      description: text('browsePlans.toast.insufficientDescription'),
      variant: 'destructive',
    };
  if (e.code === 'INVESTMENT_PENDING' && serverMessage)
    return {
      title: text('browsePlans.toast.pendingTitle'),
      description: knownText(serverMessage),
      variant: 'default',
    };
  return {
    title: text('browsePlans.toast.failedTitle'),
    description: serverMessage ? knownText(serverMessage) : text('browsePlans.toast.failedDescription'),
    variant: 'destructive',
  };
}
