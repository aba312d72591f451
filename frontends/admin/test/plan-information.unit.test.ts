// The rules of the screens about a plan's information (decisions 0092, 0093): an operator's form values and signed
// returns, the key information form's values and the sections its completeness rule reads, and a field report's
// verification in plain words.
import { describe, expect, it } from '@jest/globals';
import type { KeyInformationSheet, Operator } from '@cropvest/contracts/plans/key-information';
import { missingKeyInformation } from '@cropvest/contracts/plans/key-information-rules';
import type { FieldReportVerification } from '@cropvest/contracts/plans/field-reports';
import { formatReturn, isLoss, operatorValues } from '../src/shared/operators/rules.ts';
import { sectionList, sheetValues, typedSections } from '../src/screens/key-information/rules.ts';
import { captureSource, hashCheckWords, verificationVerdict } from '../src/screens/field-reports/rules.ts';
import fieldReportsEnglish from '../src/screens/field-reports/messages/en.json';
import { createIntl } from '@formatjs/intl';

const operator = {
  id: '0190b7a0-0000-7000-8000-000000000001',
  name: 'Rift Valley Growers',
  country: 'Kenya',
  region: 'Nakuru',
  contact: 'Jane, +254 700 000000',
  pastSeasons: [
    { crop: 'Maize', season: '2025', amountRaised: '12000.50000000', realisedReturnPercent: '-12.50' },
  ],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
} as Operator;

describe('operator rules', () => {
  it('fills the form from an operator, amounts without trailing zeros', () => {
    expect(operatorValues(operator).pastSeasons).toEqual([
      { crop: 'Maize', season: '2025', amountRaised: '12000.5', realisedReturnPercent: '-12.50' },
    ]);
  });

  it('signs a return: a loss with a minus, a gain with a plus, nothing lost plain', () => {
    expect(formatReturn('-12.50')).toBe('\u221212.50 %');
    expect(formatReturn('8.00')).toBe('+8.00 %');
    expect(formatReturn('0.00')).toBe('0.00 %');
    expect([isLoss('-12.50'), isLoss('8.00'), isLoss('-0.00')]).toEqual([true, false, false]);
  });
});

describe('key information form', () => {
  const sheet = {
    version: 2,
    operator,
    location: 'Nakuru',
    crop: 'Maize',
    areaHectares: '120.00',
    expectedYield: '4 t/ha',
    expectedPrice: '300 USD/t',
    offtakeBuyer: 'Mill Ltd',
    insurance: 'None',
    mainRisks: 'Drought',
    cropFailure: 'Pro rata',
    fees: 'None',
    platformStake: 'None',
  } as KeyInformationSheet;

  it('starts from the current version, or blank for the first', () => {
    expect(sheetValues(sheet)).toMatchObject({ operatorId: operator.id, areaHectares: '120', fees: 'None' });
    expect(sheetValues(undefined)).toMatchObject({ operatorId: '', areaHectares: '', location: '' });
  });

  it('reads blank and spaces as a section still to write, as the contract rule does', () => {
    const values = { ...sheetValues(sheet), fees: '   ', areaHectares: '' };
    expect(missingKeyInformation(typedSections(values))).toEqual(['areaHectares', 'fees']);
    expect(missingKeyInformation(typedSections(sheetValues(sheet)))).toEqual([]);
  });

  it('lists sections as a sentence', () => {
    expect(sectionList(['fees'])).toBe('fees');
    expect(sectionList(['location', 'fees', 'area'])).toBe('location, fees and area');
  });
});

/** The field reports' English messages, as the screen's `text` formats them. */
const fieldReportsIntl = createIntl({ locale: 'en', messages: fieldReportsEnglish });
const text = (id: keyof typeof fieldReportsEnglish, values?: Record<string, string | number>) =>
  fieldReportsIntl.formatMessage({ id }, values);

describe('field report verification in plain words', () => {
  const check = (
    matches: boolean,
    recorded: string | null = 'a'.repeat(64),
    computed: string | null = 'a'.repeat(64),
  ) => ({
    recorded,
    computed,
    matches,
  });
  const verification = (overrides: Partial<FieldReportVerification> = {}): FieldReportVerification => ({
    reportId: '0190b7a0-0000-7000-8000-000000000002',
    status: 'intact',
    auditEntry: {
      id: '0190b7a0-0000-7000-8000-000000000003',
      found: true,
      position: 41,
      hash: 'b'.repeat(64),
      intact: true,
    },
    stageMatches: true,
    planMatches: true,
    text: check(true),
    photos: [{ id: '0190b7a0-0000-7000-8000-000000000004', ...check(true) }],
    ...overrides,
  });

  it('says intact with the entry, pending while the entry travels, and what was altered', () => {
    expect(verificationVerdict(verification(), text)).toMatchObject({ tone: 'green', title: 'Intact' });
    expect(verificationVerdict(verification(), text).detail).toContain('entry 41');
    expect(verificationVerdict(verification({ status: 'audit_pending' }), text).tone).toBe('yellow');
    const altered = verificationVerdict(
      verification({
        status: 'altered',
        text: check(false, 'a'.repeat(64), 'c'.repeat(64)),
        photos: [{ id: '0190b7a0-0000-7000-8000-000000000004', ...check(false, 'a'.repeat(64), null) }],
      }),
      text,
    );
    expect(altered).toMatchObject({ tone: 'red', title: 'Altered' });
    expect(altered.detail).toContain('the text differs from what was recorded; 1 photo differs');
  });

  it('names each hash check and where a capture time comes from', () => {
    expect(hashCheckWords(check(true), text)).toBe('Matches the audit log');
    expect(hashCheckWords(check(false, null), text)).toBe('Not in the audit log');
    expect(hashCheckWords(check(false, 'a'.repeat(64), null), text)).toBe('Missing from storage');
    expect(hashCheckWords(check(false, 'a'.repeat(64), 'c'.repeat(64)), text)).toBe(
      'Does not match the audit log',
    );
    expect(captureSource('exif', text)).toContain('EXIF');
    expect(captureSource('upload', text)).toContain('no date of its own');
  });
});
