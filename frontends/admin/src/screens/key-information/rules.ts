// The sheet editor's pure rules: what the form holds (from the current version, or blank), each section's label,
// limit and help as the form and the read-only view show it, and the sections as the contract's completeness rule
// reads them. No React, no zod: unit-tested in test/plan-information.unit.test.ts.
import type {
  KeyInformationInput,
  KeyInformationSection,
  KeyInformationSheet,
} from '@cropvest/contracts/plans/key-information';
import { plainDecimal } from '../../shared/plans/rules.ts';

export const VERSIONS_PAGE_SIZE = 10;
export const OPERATOR_REQUIRED = 'Choose the operator the plan’s principal goes to';

/** What the form holds: every section as typed (the area as text; blank means not written yet). */
export type SheetFormInput = { operatorId: string } & Record<KeyInformationSection, string>;

export interface SectionField {
  name: KeyInformationSection;
  label: string;
  /** The contract's limit (characters). */
  max: number;
  hint: string;
  /** A paragraph rather than a line. */
  long: boolean;
}

export interface SectionGroup {
  title: string;
  fields: SectionField[];
}

/** The sheet's sections in the order of ECSPR Annex I as the sheet shows them, grouped as the form asks them. */
export const SECTION_GROUPS: SectionGroup[] = [
  {
    title: 'Where and what',
    fields: [
      {
        name: 'location',
        label: 'Location',
        max: 300,
        hint: 'Village or district, region and country: enough to find the fields.',
        long: false,
      },
      { name: 'crop', label: 'Crop', max: 100, hint: 'The crop and its variety.', long: false },
      {
        name: 'areaHectares',
        label: 'Area (hectares)',
        max: 12,
        hint: 'The planted area, up to 2 decimals.',
        long: false,
      },
    ],
  },
  {
    title: 'What the season should bring',
    fields: [
      {
        name: 'expectedYield',
        label: 'Expected yield',
        max: 500,
        hint: 'Per hectare and in total, and what the estimate rests on.',
        long: true,
      },
      {
        name: 'expectedPrice',
        label: 'Expected price',
        max: 500,
        hint: 'The price the harvest should sell at, and where that price comes from.',
        long: true,
      },
      {
        name: 'offtakeBuyer',
        label: 'Offtake buyer',
        max: 300,
        hint: 'Who has agreed to buy the harvest, or "None agreed yet".',
        long: false,
      },
    ],
  },
  {
    title: 'Risks and protection',
    fields: [
      {
        name: 'insurance',
        label: 'Insurance and what it covers',
        max: 2000,
        hint: 'Who insures the crop and what a claim pays for; "None" if it is not insured.',
        long: true,
      },
      {
        name: 'mainRisks',
        label: 'Main risks',
        max: 4000,
        hint: 'In plain words: weather, pests, prices, the operator. Investors can lose money.',
        long: true,
      },
      {
        name: 'cropFailure',
        label: 'What happens if the crop fails',
        max: 4000,
        hint: 'What investors get back: reserve allocated, a postponed payout, a pro rata share of what was received, and a realised loss for the rest.',
        long: true,
      },
    ],
  },
  {
    title: 'Costs and the platform’s interest',
    fields: [
      {
        name: 'fees',
        label: 'Fees',
        max: 2000,
        hint: 'Every fee investors pay or that is taken from the proceeds; "None" is an answer.',
        long: true,
      },
      {
        name: 'platformStake',
        label: 'The platform’s own stake',
        max: 1000,
        hint: 'Whether the platform invests its own money in this plan, and how much; "None" is an answer.',
        long: true,
      },
    ],
  },
];

/** The form starts from the current version (a new version is an edit of it), or blank for the first. */
export function sheetValues(sheet: KeyInformationSheet | undefined): SheetFormInput {
  return {
    operatorId: sheet?.operator.id ?? '',
    location: sheet?.location ?? '',
    crop: sheet?.crop ?? '',
    areaHectares: sheet?.areaHectares === null || !sheet ? '' : plainDecimal(sheet.areaHectares),
    expectedYield: sheet?.expectedYield ?? '',
    expectedPrice: sheet?.expectedPrice ?? '',
    offtakeBuyer: sheet?.offtakeBuyer ?? '',
    insurance: sheet?.insurance ?? '',
    mainRisks: sheet?.mainRisks ?? '',
    cropFailure: sheet?.cropFailure ?? '',
    fees: sheet?.fees ?? '',
    platformStake: sheet?.platformStake ?? '',
  };
}

/** The typed sections as the contract's completeness rule reads them (blank and spaces are not an answer). */
export function typedSections(values: SheetFormInput): Omit<KeyInformationInput, 'operatorId'> {
  const trimmed = (name: KeyInformationSection) => values[name].trim();
  return {
    location: trimmed('location'),
    crop: trimmed('crop'),
    areaHectares: trimmed('areaHectares') || null,
    expectedYield: trimmed('expectedYield'),
    expectedPrice: trimmed('expectedPrice'),
    offtakeBuyer: trimmed('offtakeBuyer'),
    insurance: trimmed('insurance'),
    mainRisks: trimmed('mainRisks'),
    cropFailure: trimmed('cropFailure'),
    fees: trimmed('fees'),
    platformStake: trimmed('platformStake'),
  };
}

/** "location, fees and the platform's own stake". */
export function sectionList(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) as string}`;
}
