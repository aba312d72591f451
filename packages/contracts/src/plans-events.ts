// Events the plans service publishes (ARCHITECTURE.md sections 5 and 6), spread into `eventSchemas` in
// events.ts.
import { z } from './zod.ts';
import { Uuid } from './common.ts';
import { MoneyString } from './decimal.ts';

export const plansEventSchemas = {
  /** The debit went through: the investment is active and earns daily interest until harvest. */
  'investment.created': z.object({
    investmentId: Uuid,
    userId: Uuid,
    planId: Uuid,
    planTitle: z.string(),
    slotsPurchased: z.number().int().min(1),
    principal: MoneyString,
  }),
  /** The debit was refused (e.g. insufficient balance): the reserved slots went back to the plan. */
  'investment.failed': z.object({
    investmentId: Uuid,
    userId: Uuid,
    planId: Uuid,
    slotsPurchased: z.number().int().min(1),
    principal: MoneyString,
    reason: z.string(),
  }),
  /**
   * A plan's end date has passed: the wallet pays principal and interest to available, once.
   * `planTitle` names the payout in the investor's transaction history (events published before it have none).
   */
  'investment.harvested': z.object({
    investmentId: Uuid,
    userId: Uuid,
    planId: Uuid,
    planTitle: z.string().optional(),
    principal: MoneyString,
    interest: MoneyString,
  }),
} as const;
