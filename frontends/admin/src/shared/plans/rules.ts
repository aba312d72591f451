// The plan screens' pure rules (spec sections 2, 5, 8 and 9): what a plan card shows, the form's values from a
// plan or the defaults, and what the image drop zone accepts. No React, no zod: unit-tested in
// test/plans.unit.test.ts.
import type { Plan, PlanDefaults } from '@cropvest/contracts/plans/model';

const DAY_MS = 86_400_000;

/** Whole days until the plan's end date, never below 0. */
export function daysLeft(endDate: string, now: number = Date.now()): number {
  const end = Date.parse(endDate);
  return Number.isNaN(end) ? 0 : Math.max(0, Math.ceil((end - now) / DAY_MS));
}

/** Slots sold (total minus available) and their share of the total in percent (spec: slots filled percent). */
export function slotsSold(plan: Pick<Plan, 'totalSlots' | 'availableSlots'>): {
  sold: number;
  percent: number;
} {
  const sold = Math.max(0, plan.totalSlots - plan.availableSlots);
  return { sold, percent: plan.totalSlots > 0 ? (sold / plan.totalSlots) * 100 : 0 };
}

/** What the plan form holds: text inputs as typed, the status switch as a boolean. */
export interface PlanFormInput {
  title: string;
  description: string;
  minSlotPrice: string;
  dailyInterestRate: string;
  durationDays: string;
  totalSlots: string;
  startDate: string;
  endDate: string;
  isActive: boolean;
}

/** `2026-11-23T00:00:00.000Z` → `2026-11-23` (the date input's value, UTC like the server). */
const dayOf = (iso: string): string => iso.slice(0, 10);

/** Amounts come as 8-decimal strings; the inputs show them without trailing zeros ("25.50000000" → "25.5"). */
export function plainDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** A new plan starts from the server's defaults (spec section 9: 30 days, 100 slots, active; the settings' rate). */
export function newPlanValues(defaults: PlanDefaults | undefined): PlanFormInput {
  return {
    title: '',
    description: '',
    minSlotPrice: '',
    dailyInterestRate: defaults ? plainDecimal(defaults.dailyInterestRate) : '',
    durationDays: String(defaults?.durationDays ?? 30),
    totalSlots: String(defaults?.totalSlots ?? 100),
    startDate: '',
    endDate: '',
    isActive: defaults?.isActive ?? true,
  };
}

export function planValues(plan: Plan): PlanFormInput {
  return {
    title: plan.title,
    description: plan.description,
    minSlotPrice: plainDecimal(plan.minSlotPrice),
    dailyInterestRate: plainDecimal(plan.dailyInterestRate),
    durationDays: String(plan.durationDays),
    totalSlots: String(plan.totalSlots),
    startDate: dayOf(plan.startDate),
    endDate: dayOf(plan.endDate),
    isActive: plan.isActive,
  };
}

/** The dialog's own check before the fields' (spec section 5): both dates or a Validation Error. */
export const datesMissing = (values: Pick<PlanFormInput, 'startDate' | 'endDate'>): boolean =>
  !values.startDate.trim() || !values.endDate.trim();

// ---- the image (spec section 9: one image, at most 5 MB; the plans service sniffs the type) ----

// The contract's PLAN_IMAGE_MAX_BYTES; importing it would bring zod into the screen's first paint.
export const PLAN_IMAGE_MAX_BYTES = 5_242_880;
export const PLAN_IMAGE_ACCEPT: Record<string, string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
};
