// Crop plans and investments (spec sections 3, 4, 5 and 7; ARCHITECTURE.md section 5). Money and rates go
// in as decimal strings or JSON numbers and come out as fixed-scale strings; dates come in as ISO date-times,
// `YYYY-MM-DD` or epoch milliseconds (the spec's page sends numbers) and go out as ISO date-times.
import { z } from '../zod.ts';
import { AdminSearch, PageQuery, Timestamp, Uuid } from '../common.ts';
import { isCalendarDay } from '../calendar.ts';
import { FundingModel, PayoutStatus } from './funding.ts';
import { decimalInput, MoneyString, RateString } from '../decimal.ts';

/** Defaults the plan form starts with (spec section 9); the daily rate comes from the interest settings. */
export const PLAN_FORM_DEFAULTS = { durationDays: 30, totalSlots: 100, isActive: true } as const;
/** The spec's plan image limit: one image, at most 5 MB. */
export const PLAN_IMAGE_MAX_BYTES = 5_242_880;
/** Public address of a stored plan image: `/api/plan-images/<uploader id>/<uuid>`. */
export const PLAN_IMAGE_PATH = /^\/api\/plan-images\/([0-9a-f-]{36})\/([0-9a-f-]{36})$/;

/** A whole number from a JSON number or a numeric string (forms send either). */
function wholeNumber(label: string, min: number, minMessage: string, max = 1_000_000_000) {
  return z
    .any()
    .transform((value: unknown, ctx) => {
      if (value === undefined || value === null || value === '') {
        ctx.addIssue({ code: 'custom', message: `${label} is required` });
        return z.NEVER;
      }
      const n = typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number` });
        return z.NEVER;
      }
      if (n < min) {
        ctx.addIssue({ code: 'custom', message: minMessage });
        return z.NEVER;
      }
      if (!Number.isInteger(n)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a whole number` });
        return z.NEVER;
      }
      if (n > max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be at most ${max}` });
        return z.NEVER;
      }
      return n;
    })
    .openapi({ type: 'integer', minimum: min });
}

/** A date from an ISO date-time, a `YYYY-MM-DD` day (midnight UTC) or epoch milliseconds. */
function dateField(label: string) {
  return z
    .any()
    .transform((value: unknown, ctx) => {
      if (value === undefined || value === null || value === '') {
        ctx.addIssue({ code: 'custom', message: `${label} is required` });
        return z.NEVER;
      }
      let date: Date | null = null;
      const text = typeof value === 'string' ? value.trim() : '';
      if (typeof value === 'number' && Number.isFinite(value)) date = new Date(value);
      // Date would roll an impossible day (2031-02-30) over into the next month: the day must exist.
      else if (!isCalendarDay(text.slice(0, 10))) date = null;
      else if (text.length === 10) date = new Date(`${text}T00:00:00.000Z`);
      else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(text))
        date = new Date(text);
      if (
        !date ||
        Number.isNaN(date.getTime()) ||
        date.getUTCFullYear() < 2000 ||
        date.getUTCFullYear() > 2200
      ) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a valid date` });
        return z.NEVER;
      }
      return date.toISOString();
    })
    .openapi({
      type: 'string',
      format: 'date-time',
      description: `${label}: ISO date-time, YYYY-MM-DD (midnight UTC) or epoch milliseconds`,
    });
}

const optionalImage = z
  .string({ error: 'imageUrl must be text' })
  .trim()
  .max(1000, 'imageUrl must be at most 1000 characters')
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * The plan form (spec section 5) with its messages. `availableSlots`, `id` and `createdAt` that the form may
 * echo back are ignored: a new plan's available slots equal its total, and editing keeps them.
 */
export const PlanInput = z
  .object({
    title: z
      .string({
        error: (issue) =>
          issue.input === undefined ? 'Title must be at least 3 characters' : 'Title must be text',
      })
      .trim()
      .min(3, 'Title must be at least 3 characters')
      .max(200, 'Title must be at most 200 characters'),
    description: z
      .string({
        error: (issue) =>
          issue.input === undefined
            ? 'Description must be at least 10 characters'
            : 'Description must be text',
      })
      .trim()
      .min(10, 'Description must be at least 10 characters')
      .max(5000, 'Description must be at most 5000 characters'),
    minSlotPrice: decimalInput({
      label: 'Minimum slot price',
      requiredMessage: 'Minimum slot price is required',
      scale: 8,
      integerDigits: 10,
      positive: true,
      minMessage: 'Minimum slot price must be positive',
    }),
    dailyInterestRate: decimalInput({
      label: 'Interest rate',
      requiredMessage: 'Interest rate must be positive',
      scale: 2,
      integerDigits: 3,
      positive: true,
      minMessage: 'Interest rate must be positive',
    }),
    durationDays: wholeNumber('Duration', 1, 'Duration must be at least 1 day', 3650).optional(),
    totalSlots: wholeNumber('Total slots', 1, 'Total slots must be at least 1', 1_000_000),
    startDate: dateField('Start date'),
    endDate: dateField('End date'),
    imageUrl: optionalImage,
    isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
    availableSlots: z.unknown().optional(),
    id: z.unknown().optional(),
    createdAt: z.unknown().optional(),
  })
  .superRefine((plan, ctx) => {
    if (Date.parse(plan.endDate) <= Date.parse(plan.startDate))
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date must be after start date' });
  })
  .transform(({ availableSlots: _a, id: _i, createdAt: _c, ...plan }) => plan)
  .openapi('PlanInput', {
    description: 'Plan fields; durationDays defaults to the whole days from start to end',
  });
export type PlanInput = z.output<typeof PlanInput>;

/**
 * What a plan holds for its harvest against what it owes from it (decision 0091), as every coverage gauge shows
 * it: proceeds received (`proceedsRecorded` false: none recorded yet) and reserve allocated so far; `due`, the
 * principal disbursed to the operator plus interest accrued of its active investments (at harvest: what is owed
 * from its proceeds; principal not disbursed is still in the investors' accounts); `coverage`, (proceeds +
 * reserve allocated − already paid out) / due to 4 places, null while nothing is due.
 */
export const PlanCoverage = z
  .object({
    proceedsRecorded: z.boolean(),
    proceeds: MoneyString,
    reserveAllocated: MoneyString,
    due: MoneyString,
    coverage: z.string().nullable().openapi({ example: '0.8125' }),
  })
  .openapi('PlanCoverage');
export type PlanCoverage = z.infer<typeof PlanCoverage>;

export const Plan = z
  .object({
    id: Uuid,
    title: z.string(),
    description: z.string(),
    minSlotPrice: MoneyString,
    dailyInterestRate: RateString,
    durationDays: z.number().int(),
    totalSlots: z.number().int(),
    availableSlots: z.number().int(),
    startDate: Timestamp,
    endDate: Timestamp,
    imageUrl: z.string().nullable(),
    isActive: z.boolean(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    /**
     * The current key information sheet (decision 0092): the version an investor acknowledges and whether it is
     * complete (while `requireKeyInformation` is on, only then does the plan take investments); null: none yet.
     */
    keyInformation: z.object({ version: z.number().int().min(1), complete: z.boolean() }).nullable(),
    /**
     * Where its returns come from (decision 0091), for the plan cards: `legacy` plans are paid as before; a
     * funded plan's payout status and its coverage (the same figures as `GET /api/plans/{id}/funding`).
     */
    funding: PlanCoverage.extend({ model: FundingModel, payoutStatus: PayoutStatus }),
  })
  .openapi('Plan');
export type Plan = z.infer<typeof Plan>;

export const PlanListQuery = z
  .object({ active: z.enum(['true', 'false'], { error: 'active must be true or false' }).optional() })
  .openapi('PlanListQuery');

/** Manage Plans' page of every plan; `q` is searched in the title, and a whole plan id finds that plan. */
export const AdminPlanListQuery = PageQuery.extend({ q: AdminSearch }).strict().openapi('AdminPlanListQuery');
export type AdminPlanListQuery = z.infer<typeof AdminPlanListQuery>;

export const PlanDeletionCheck = z
  .object({ canDelete: z.boolean(), reason: z.string().nullable(), investmentCount: z.number().int() })
  .openapi('PlanDeletionCheck');
export type PlanDeletionCheck = z.infer<typeof PlanDeletionCheck>;

export const PlanDefaults = z
  .object({
    dailyInterestRate: RateString,
    durationDays: z.number().int(),
    totalSlots: z.number().int(),
    isActive: z.boolean(),
    minimumInvestment: MoneyString,
    maximumInvestment: MoneyString,
  })
  .openapi('PlanDefaults');
export type PlanDefaults = z.infer<typeof PlanDefaults>;

export const PlanImageRequest = z
  .object({
    imageURL: z
      .string({
        error: (issue) => (issue.input === undefined ? 'imageURL is required' : 'imageURL must be text'),
      })
      .trim()
      .min(1, 'imageURL is required')
      .max(3000),
  })
  .strict()
  .openapi('PlanImageRequest');
export const PlanImageResult = z.object({ objectPath: z.string() }).openapi('PlanImageResult');

// ---- investments ----

/** cancelled: the investor took it back within the four days to reconsider (principal returned, no interest). */
export const InvestmentStatus = z.enum(['active', 'completed', 'cancelled']);
export type InvestmentStatus = z.infer<typeof InvestmentStatus>;

export const InvestmentRequest = z
  .object({
    planId: z.uuid({
      error: (issue) => (issue.input === undefined ? 'planId is required' : 'planId must be a valid id'),
    }),
    slotsPurchased: wholeNumber('Slots', 1, 'Slots must be at least 1'),
    /** The client's own figure (slot price × slots); refused when it differs from the server's. */
    principal: z.union([z.string(), z.number()], { error: 'principal must be a decimal string' }).optional(),
    /** The version of the plan's key information sheet the investor acknowledged (recorded with the investment). */
    keyInformationVersion: z
      .number({ error: 'keyInformationVersion must be a whole number' })
      .int('keyInformationVersion must be a whole number')
      .min(1, 'keyInformationVersion must be at least 1')
      .max(1_000_000, 'keyInformationVersion must be at most 1000000')
      .optional(),
    /** The investor saw the loss warning for this amount (needed above 5 % of their net worth; see Suitability). */
    acknowledgedLossWarning: z.boolean({ error: 'acknowledgedLossWarning must be true or false' }).optional(),
  })
  .strict()
  .openapi('InvestmentRequest');
export type InvestmentRequest = z.output<typeof InvestmentRequest>;

export const InvestmentPlan = z
  .object({
    title: z.string(),
    startDate: Timestamp,
    endDate: Timestamp,
    dailyInterestRate: RateString,
    durationDays: z.number().int(),
    imageUrl: z.string().nullable(),
  })
  .openapi('InvestmentPlan');

export const Investment = z
  .object({
    id: Uuid,
    userId: Uuid,
    planId: Uuid,
    slotsPurchased: z.number().int(),
    principal: MoneyString,
    /** The sum of the daily accruals so far (final once completed). */
    interestEarned: MoneyString,
    /** The investment's own daily rate (percent), fixed when it was bought; the plan's may change later. */
    interestRate: RateString,
    /**
     * Fixed when bought (the Auto compound interest setting then): true, each day earns on principal plus the
     * interest earned so far; false, on the principal only.
     */
    compoundInterest: z.boolean(),
    status: InvestmentStatus,
    createdAt: Timestamp,
    completedAt: Timestamp.nullable(),
    /** The end of the fourth calendar day (UTC) after the day of purchase: cancelling is possible before it. */
    cancellableUntil: Timestamp,
    /** Active and still inside its four days to reconsider, by the server's clock when read. */
    cancellable: z.boolean(),
    cancelledAt: Timestamp.nullable(),
    /** The version of the plan's key information sheet its investor acknowledged; null when none was asked for. */
    keyInformationVersion: z.number().int().nullable(),
    /** Principal sent to the plan's operator (docs/decisions/0091); paid back from the plan's proceeds. */
    disbursedPrincipal: MoneyString,
    /**
     * What a settled (pro rata or failed) payout did not pay of the principal and interest due: the investor's
     * realised loss, 0 otherwise.
     */
    realisedLoss: MoneyString,
    plan: InvestmentPlan,
  })
  .openapi('Investment');
export type Investment = z.infer<typeof Investment>;

export const AdminInvestment = Investment.extend({
  user: z.object({ name: z.string(), email: z.string() }),
}).openapi('AdminInvestment');
export type AdminInvestment = z.infer<typeof AdminInvestment>;

/** The admin list of investments, newest first, one page; `userId` keeps one investor's (the user page). */
export const AdminInvestmentQuery = PageQuery.extend({ userId: Uuid.optional() })
  .strict()
  .openapi('AdminInvestmentQuery');
export type AdminInvestmentQuery = z.infer<typeof AdminInvestmentQuery>;

// ---- request/reply ----

export const PLANS_STATS_SUBJECT = 'cmd.plans.stats';
/** A plan-image upload ticket (UploadTicketCommand → UploadTicket), signed by plans, the bucket's owner. */
export const PLAN_IMAGE_TICKET_SUBJECT = 'cmd.plans.upload-ticket';
