// Plan Analytics (issue 13 section 1, /admin/plans/analytics): per plan, one server page of them, how full it is,
// how fast it sells, who and how much is in it, the interest accrued so far and what the platform owes at its
// harvest. The plans service computes each page with one statement over its own tables.
import { z } from '../zod.ts';
import { Timestamp, Uuid } from '../common.ts';
import { ReportAmount } from '../reports/model.ts';
import { FundingModel, PayoutStatus } from './funding.ts';

export const PlanAnalytics = z
  .object({
    planId: Uuid,
    title: z.string(),
    isActive: z.boolean(),
    startDate: Timestamp,
    endDate: Timestamp,
    totalSlots: z.number().int(),
    /** Total slots minus the slots still available (reserved purchases count, as on the plan cards). */
    slotsSold: z.number().int(),
    /** Slots sold over total slots, percent with 1 decimal. */
    fillRate: z.string().openapi({ example: '42.5' }),
    /** Slots of active and harvested investments over the days the plan has been on sale (creation day to today
     * or its end day, at least 1), 2 decimals. */
    slotsPerDay: z.string().openapi({ example: '3.25' }),
    daysOnSale: z.number().int(),
    /** Distinct investors with an active or harvested investment. */
    investors: z.number().int(),
    investments: z.number().int(),
    /** Principal of active and harvested investments. */
    principalInvested: ReportAmount,
    /** Interest accrued to date on the plan's investments (the daily accruals written so far). */
    interestAccrued: ReportAmount,
    /** Principal still active. */
    activePrincipal: ReportAmount,
    /**
     * A projection: what the plan's active investments are owed at harvest — principal, interest accrued so far
     * and the days still to accrue at each investment's own terms.
     */
    dueAtHarvest: ReportAmount,
    /** Funded payouts (docs/decisions/0091): `legacy` plans are paid as before and have no coverage. */
    fundingModel: FundingModel,
    payoutStatus: PayoutStatus,
    /** Harvest proceeds recorded for the plan, and reserve allocated to it. */
    proceedsReceived: ReportAmount,
    /** false while no proceeds were recorded for the plan: the coverage gauge says so plainly. */
    proceedsRecorded: z.boolean(),
    reserveAllocated: ReportAmount,
    /**
     * What the plan's proceeds must pay at harvest (a projection): principal disbursed to the operator and all
     * interest, accrued and to come; principal never disbursed comes back from the investors' own accounts.
     */
    dueFromProceeds: ReportAmount,
    /** (Proceeds + reserve allocated − already paid) / due from proceeds, 4 decimals; null when nothing is due. */
    coverage: z.string().nullable().openapi({ example: '0.8500' }),
  })
  .openapi('PlanAnalytics');
export type PlanAnalytics = z.infer<typeof PlanAnalytics>;
