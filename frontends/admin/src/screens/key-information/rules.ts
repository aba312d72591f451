// The sheet editor's pure rules: what the form holds (from the current version, or blank), each section's
// limit and the ids of its words as the form and the read-only view show them, and the sections as the contract's completeness rule
// reads them. No React, no zod: unit-tested in test/plan-information.unit.test.ts.
import type {
  KeyInformationInput,
  KeyInformationSection,
  KeyInformationSheet,
} from '@cropvest/contracts/plans/key-information';
import { plainDecimal } from '../../shared/plans/rules.ts';
import type { KeyInformationMessageId } from './messages/catalogue.ts';

export const VERSIONS_PAGE_SIZE = 10;

/** What the form holds: every section as typed (the area as text; blank means not written yet). */
export type SheetFormInput = { operatorId: string } & Record<KeyInformationSection, string>;

export interface SectionField {
  name: KeyInformationSection;
  /** The contract's limit (characters). */
  max: number;
  /** A paragraph rather than a line. */
  long: boolean;
}

export interface SectionGroup {
  title: KeyInformationMessageId;
  fields: SectionField[];
}

/** The sheet's sections in the order of ECSPR Annex I as the sheet shows them, grouped as the form asks them. */
export const SECTION_GROUPS: SectionGroup[] = [
  {
    title: 'keyInformation.group.whereWhat',
    fields: [
      { name: 'location', max: 300, long: false },
      { name: 'crop', max: 100, long: false },
      { name: 'areaHectares', max: 12, long: false },
    ],
  },
  {
    title: 'keyInformation.group.season',
    fields: [
      { name: 'expectedYield', max: 500, long: true },
      { name: 'expectedPrice', max: 500, long: true },
      { name: 'offtakeBuyer', max: 300, long: false },
    ],
  },
  {
    title: 'keyInformation.group.risks',
    fields: [
      { name: 'insurance', max: 2000, long: true },
      { name: 'mainRisks', max: 4000, long: true },
      { name: 'cropFailure', max: 4000, long: true },
    ],
  },
  {
    title: 'keyInformation.group.costs',
    fields: [
      { name: 'fees', max: 2000, long: true },
      { name: 'platformStake', max: 1000, long: true },
    ],
  },
];

/** Each section's label and help in the form and the read-only view, and its name in a list of blank sections. */
export const SECTION_WORDS: Record<
  KeyInformationSection,
  { label: KeyInformationMessageId; hint: KeyInformationMessageId; name: KeyInformationMessageId }
> = {
  location: {
    label: 'keyInformation.field.location',
    hint: 'keyInformation.field.locationHint',
    name: 'keyInformation.section.location',
  },
  crop: {
    label: 'keyInformation.field.crop',
    hint: 'keyInformation.field.cropHint',
    name: 'keyInformation.section.crop',
  },
  areaHectares: {
    label: 'keyInformation.field.areaHectares',
    hint: 'keyInformation.field.areaHectaresHint',
    name: 'keyInformation.section.areaHectares',
  },
  expectedYield: {
    label: 'keyInformation.field.expectedYield',
    hint: 'keyInformation.field.expectedYieldHint',
    name: 'keyInformation.section.expectedYield',
  },
  expectedPrice: {
    label: 'keyInformation.field.expectedPrice',
    hint: 'keyInformation.field.expectedPriceHint',
    name: 'keyInformation.section.expectedPrice',
  },
  offtakeBuyer: {
    label: 'keyInformation.field.offtakeBuyer',
    hint: 'keyInformation.field.offtakeBuyerHint',
    name: 'keyInformation.section.offtakeBuyer',
  },
  insurance: {
    label: 'keyInformation.field.insurance',
    hint: 'keyInformation.field.insuranceHint',
    name: 'keyInformation.section.insurance',
  },
  mainRisks: {
    label: 'keyInformation.field.mainRisks',
    hint: 'keyInformation.field.mainRisksHint',
    name: 'keyInformation.section.mainRisks',
  },
  cropFailure: {
    label: 'keyInformation.field.cropFailure',
    hint: 'keyInformation.field.cropFailureHint',
    name: 'keyInformation.section.cropFailure',
  },
  fees: {
    label: 'keyInformation.field.fees',
    hint: 'keyInformation.field.feesHint',
    name: 'keyInformation.section.fees',
  },
  platformStake: {
    label: 'keyInformation.field.platformStake',
    hint: 'keyInformation.field.platformStakeHint',
    name: 'keyInformation.section.platformStake',
  },
};

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

/** "location, fees and the platform's own stake"; `and` in the page's language. */
export function sectionList(names: string[], and = 'and'): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1) as string}`;
}
