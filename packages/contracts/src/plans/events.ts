// Events the plans service publishes (ARCHITECTURE.md sections 5 and 6), spread into `eventSchemas` in
// events.ts.
import { z } from '../zod.ts';
import { Uuid } from '../common.ts';
import { MoneyString } from '../decimal.ts';
import { FieldReportStage } from './field-reports.ts';

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
    /**
     * A funded plan's payout (docs/decisions/0091): principal never disbursed comes back from invested, the
     * rest from the plan's proceeds; a settled plan pays less than due and `shortfall` is the realised loss.
     * Absent: a legacy plan, paid principal from invested and interest from `interest_paid`.
     */
    funded: z
      .object({
        principalFromInvested: MoneyString,
        principalFromProceeds: MoneyString,
        interestFromProceeds: MoneyString,
        shortfall: MoneyString,
      })
      .optional(),
  }),
  /**
   * Every investment an investor held in a plan was harvested: one event per investor and plan, with the totals,
   * once the plan's whole harvest is done (docs/decisions/0134-harvest-day.md). The investor is told once,
   * however many investments they held; each payout itself follows its `investment.harvested`.
   */
  'plan.harvest_paid': z.object({
    planId: Uuid,
    planTitle: z.string(),
    userId: Uuid,
    investments: z.number().int().min(1),
    principal: MoneyString,
    interest: MoneyString,
    /** What the payouts left unpaid: a settled plan's realised loss (decision 0096), zero otherwise. */
    shortfall: MoneyString,
  }),
  /** An admin published a new version of a plan's key information sheet (its investors may be told). */
  'plan.key_information_published': z.object({
    planId: Uuid,
    planTitle: z.string(),
    version: z.number().int().min(1),
    complete: z.boolean(),
  }),
  /**
   * A field report on a plan's timeline, one event per investor of the plan (their notice; notify mails an
   * adverse event). docs/decisions/0093-field-reports.md.
   */
  'field_report.published': z.object({
    reportId: Uuid,
    userId: Uuid,
    planId: Uuid,
    planTitle: z.string(),
    stage: FieldReportStage,
    adverse: z.boolean(),
  }),
  /**
   * The investor cancelled within the four days to reconsider (decision 0094): the wallet returns the principal
   * invested -> available, once per investment; the slots are back with the plan and no interest is paid on it.
   */
  'investment.cancelled': z.object({
    investmentId: Uuid,
    userId: Uuid,
    planId: Uuid,
    planTitle: z.string(),
    slotsPurchased: z.number().int().min(1),
    principal: MoneyString,
  }),
} as const;
