import { describe, expect, it } from '@jest/globals';
import type { PlanFunding } from '@cropvest/contracts/plans/funding';
import type { Plan } from '@cropvest/contracts/plans/model';
import { createIntl } from '@formatjs/intl';
import {
  investingState,
  pageFrom,
  payoutWords,
  realisedReturnText,
  SHEET_SECTIONS,
} from '../src/screens/plan/rules.ts';
import type { PlanText } from '../src/screens/plan/messages/catalogue.ts';
import planEnglish from '../src/screens/plan/messages/en.json';

/** The page's English messages, as its `text` formats them. */
const planIntl = createIntl({ locale: 'en', messages: planEnglish });
const text: PlanText = (id, values) => planIntl.formatMessage({ id }, values);

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const plan = (overrides: Partial<Plan> = {}) =>
  ({
    isActive: true,
    availableSlots: 5,
    startDate: '2026-03-01T00:00:00.000Z',
    endDate: '2026-04-01T00:00:00.000Z',
    ...overrides,
  }) as Plan;
const funding = (overrides: Partial<PlanFunding> = {}) =>
  ({
    fundingModel: 'funded',
    payoutStatus: 'open',
    postponedTo: null,
    failureReport: null,
    ...overrides,
  }) as PlanFunding;

describe('the plan page: whether a plan takes investments', () => {
  it('is open while active, before its harvest, with slots left; starts soon before its start', () => {
    expect(investingState(plan(), text, NOW)).toEqual({ kind: 'open', label: 'Open for investment' });
    expect(investingState(plan({ startDate: '2026-03-20T00:00:00.000Z' }), text, NOW).label).toBe(
      'Starts soon',
    );
  });

  it('says why it is closed: inactive, harvested, or fully booked', () => {
    expect(investingState(plan({ isActive: false }), text, NOW).label).toBe('Not taking investments');
    expect(investingState(plan({ endDate: '2026-03-09T00:00:00.000Z' }), text, NOW).label).toBe('Harvested');
    expect(investingState(plan({ availableSlots: 0 }), text, NOW).label).toBe('Fully booked');
  });
});

describe('the plan page: the payout status in words', () => {
  it('names the harvest day while open, and the review, postponement, pro rata and failure', () => {
    expect(payoutWords(funding(), '2026-04-01T00:00:00.000Z', text).title).toBe(
      'Payout due at harvest, Apr 1, 2026',
    );
    expect(payoutWords(funding({ payoutStatus: 'settlement_needed' }), '', text).title).toBe(
      'Payout under review',
    );
    expect(
      payoutWords(funding({ payoutStatus: 'postponed', postponedTo: '2026-05-15' }), '', text).title,
    ).toBe('Payout postponed to May 15, 2026');
    expect(payoutWords(funding({ payoutStatus: 'settled' }), '', text).title).toBe('Settled pro rata');
    const failed = payoutWords(
      funding({ payoutStatus: 'failed', failureReport: 'Locusts took the crop.' }),
      '',
      text,
    );
    expect(failed).toMatchObject({
      title: 'The plan failed',
      detail: 'Report: Locusts took the crop.',
      attention: true,
    });
  });

  it('says a plan from before funded payouts is paid as before, whatever its status', () => {
    expect(payoutWords(funding({ fundingModel: 'legacy' }), '', text).title).toBe(
      'Paid as before funded payouts',
    );
  });
});

describe('the plan page: the sheet and the operator', () => {
  it('lists every section after the operator with a capitalised label', () => {
    expect(SHEET_SECTIONS).toHaveLength(11);
    expect(SHEET_SECTIONS.map(({ key, label }) => [key, text(label)])).toEqual([
      ['location', 'Location'],
      ['crop', 'Crop'],
      ['areaHectares', 'Area'],
      ['expectedYield', 'Expected yield'],
      ['expectedPrice', 'Expected price'],
      ['offtakeBuyer', 'Offtake buyer'],
      ['insurance', 'Insurance and what it covers'],
      ['mainRisks', 'Main risks'],
      ['cropFailure', 'What happens if the crop fails'],
      ['fees', 'Fees'],
      ['platformStake', "The platform's own stake"],
    ]);
  });

  it('writes a realised return with its sign, a loss in words too', () => {
    expect(realisedReturnText('6.40', text)).toBe('+6.40 %');
    expect(realisedReturnText('-12.50', text)).toBe('−12.50 % (a loss)');
  });

  it('reads a list page from the address, 1 for anything else', () => {
    expect(pageFrom('?reports=3', 'reports')).toBe(3);
    expect(pageFrom('?reports=0', 'reports')).toBe(1);
    expect(pageFrom('?reports=x&page=2', 'reports')).toBe(1);
    expect(pageFrom('', 'reports')).toBe(1);
  });
});
