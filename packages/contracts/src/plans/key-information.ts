// Operators (the farm or cooperative a plan's principal goes to) and each plan's key information sheet, modelled
// on the key investment information sheet of the EU crowdfunding regulation (ECSPR, Annex I). A sheet is
// versioned: every save is a new, immutable version, and an investor acknowledges the version they read
// (docs/decisions/0092-operators-and-key-information.md). The schemas; the sections' names and the rule of a
// complete sheet are in key-information-rules.ts.
import { Decimal } from 'decimal.js';
import { z } from '../zod.ts';
import { PageQuery, Timestamp, Uuid } from '../common.ts';
import { decimalInput, MoneyString } from '../decimal.ts';

const text = (label: string, max: number) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`),
    })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !value.includes('\u0000'), `${label} must not contain NUL characters`);
const requiredText = (label: string, max: number) =>
  text(label, max).pipe(z.string().min(1, `${label} is required`));

/**
 * A season's realised return in percent of the principal, signed (a loss is negative, at worst -100 %); the
 * decimal inputs of money are never negative, so this one has its own rule.
 */
const RealisedReturnInput = z
  .custom<string | number>()
  .transform((value: unknown, ctx) => {
    const text = typeof value === 'number' || typeof value === 'string' ? String(value).trim() : '';
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (!/^-?\d{1,3}(\.\d{1,2})?$/.test(text))
      return fail('Realised return must be a percentage with at most 2 decimals');
    const percent = new Decimal(text);
    if (percent.lessThan(-100)) return fail('Realised return cannot be below -100 %');
    return percent.toFixed(2);
  })
  .openapi({
    type: ['string', 'number'],
    description: 'Realised return: percent, at most 2 decimals, from -100 (a loss is negative)',
    example: '-12.50',
  });

/** One finished season of an operator: what was raised and what investors realised (negative: a loss). */
export const OperatorSeasonInput = z
  .object({
    crop: requiredText('Crop', 100),
    season: requiredText('Season', 50),
    amountRaised: decimalInput({ label: 'Amount raised', scale: 8, integerDigits: 10, min: '0' }),
    realisedReturnPercent: RealisedReturnInput,
  })
  .strict()
  .openapi('OperatorSeasonInput');

export const OperatorInput = z
  .object({
    name: requiredText('Name', 200),
    country: requiredText('Country', 100),
    region: requiredText('Region', 100),
    contact: requiredText('Contact', 300),
    pastSeasons: z
      .array(OperatorSeasonInput, { error: 'pastSeasons must be a list' })
      .max(50, 'At most 50 past seasons')
      .default([]),
  })
  .strict()
  .openapi('OperatorInput');
export type OperatorInput = z.output<typeof OperatorInput>;

export const OperatorSeason = z
  .object({
    crop: z.string(),
    season: z.string(),
    amountRaised: MoneyString,
    /** Percent of the principal, 2 decimals; negative when investors lost money. */
    realisedReturnPercent: z.string().regex(/^-?\d{1,3}\.\d{2}$/),
  })
  .openapi('OperatorSeason');
export type OperatorSeason = z.infer<typeof OperatorSeason>;

export const Operator = z
  .object({
    id: Uuid,
    name: z.string(),
    country: z.string(),
    region: z.string(),
    contact: z.string(),
    /** Seasons as the operator reported them (typed by an admin from the operator's own records). */
    pastSeasons: z.array(OperatorSeason),
    /**
     * Seasons the operator ran on this platform, computed from its harvested plans (principal invested, and interest
     * paid less any realised loss), never typed by anyone; newest first.
     */
    platformSeasons: z.array(OperatorSeason),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Operator');
export type Operator = z.infer<typeof Operator>;

export const OperatorListQuery = PageQuery.strict().openapi('OperatorListQuery');
export const KeyInformationVersionsQuery = PageQuery.strict().openapi('KeyInformationVersionsQuery');

/**
 * The sheet's sections as an admin writes them. Every section but the operator may be saved blank while the
 * sheet is drafted; `missingKeyInformation` (key-information-rules.ts) says which are still missing.
 */
export const KeyInformationInput = z
  .object({
    operatorId: Uuid,
    location: text('Location', 300).default(''),
    crop: text('Crop', 100).default(''),
    areaHectares: decimalInput({
      label: 'Area',
      scale: 2,
      integerDigits: 8,
      positive: true,
      minMessage: 'Area must be positive',
    })
      .nullable()
      .default(null),
    expectedYield: text('Expected yield', 500).default(''),
    expectedPrice: text('Expected price', 500).default(''),
    offtakeBuyer: text('Offtake buyer', 300).default(''),
    insurance: text('Insurance', 2000).default(''),
    mainRisks: text('Main risks', 4000).default(''),
    cropFailure: text('What happens if the crop fails', 4000).default(''),
    fees: text('Fees', 2000).default(''),
    platformStake: text("The platform's own stake", 1000).default(''),
  })
  .strict()
  .openapi('KeyInformationInput');
export type KeyInformationInput = z.output<typeof KeyInformationInput>;

export type KeyInformationSection = Exclude<keyof KeyInformationInput, 'operatorId'>;

/** One published version of a plan's sheet, with its operator and the operator's past seasons. */
export const KeyInformationSheet = z
  .object({
    planId: Uuid,
    /** 1 for the first version; each save adds one. An investment records the version its investor acknowledged. */
    version: z.number().int().min(1),
    /** Whether this is the plan's current version (an older one stays readable, never editable). */
    current: z.boolean(),
    publishedAt: Timestamp,
    complete: z.boolean(),
    missing: z.array(z.string()),
    location: z.string(),
    crop: z.string(),
    areaHectares: z.string().nullable(),
    expectedYield: z.string(),
    expectedPrice: z.string(),
    offtakeBuyer: z.string(),
    insurance: z.string(),
    mainRisks: z.string(),
    cropFailure: z.string(),
    fees: z.string(),
    platformStake: z.string(),
    operator: Operator,
  })
  .openapi('KeyInformationSheet');
export type KeyInformationSheet = z.infer<typeof KeyInformationSheet>;

/**
 * One version in the admin's list of a plan's versions: the sheet and the admin who published it (their name as
 * the plans service's user directory knows it; null until the directory has heard of them). Investors never see
 * who published a sheet.
 */
export const KeyInformationVersion = KeyInformationSheet.extend({
  publishedBy: z.object({ id: Uuid, name: z.string().nullable() }),
}).openapi('KeyInformationVersion');
export type KeyInformationVersion = z.infer<typeof KeyInformationVersion>;

/** `?version=N` reads an older version (the one an investor acknowledged); without it, the current one. */
export const KeyInformationQuery = z
  .object({
    version: z.coerce.number().int('version must be a whole number').min(1).max(1_000_000).optional(),
  })
  .strict()
  .openapi('KeyInformationQuery');
