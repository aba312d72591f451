import { describe, expect, it } from '@jest/globals';
import { reconsiderationEnd } from '@cropvest/contracts/plans/suitability-rules';
import { createIntl } from '@formatjs/intl';
import {
  balanceShortfall,
  clampSlots,
  investFailureToast,
  investmentCost,
  investSuccessToast,
  planBadge,
  planParam,
  projectReturns,
  slotsFilledPercent,
  slotsInputValue,
  withoutPlanParam,
} from '../src/screens/browse-plans/rules.ts';
import type { BrowsePlansText } from '../src/screens/browse-plans/messages/catalogue.ts';
import browsePlansEnglish from '../src/screens/browse-plans/messages/en.json';

/** The screen's English messages, as its `text` formats them. */
const browsePlansIntl = createIntl({ locale: 'en', messages: browsePlansEnglish });
const text: BrowsePlansText = (id, values) => browsePlansIntl.formatMessage({ id }, values);

const DAY = 86_400_000;
const NOW = Date.parse('2026-03-10T12:00:00.000Z');

describe('invest dialog: slots (spec section 5: at least 1, at most the available slots)', () => {
  it('clamps to 1 … available', () => {
    expect(clampSlots('5', 10)).toBe(5);
    expect(clampSlots('0', 10)).toBe(1);
    expect(clampSlots('-3', 10)).toBe(1);
    expect(clampSlots('', 10)).toBe(1);
    expect(clampSlots('abc', 10)).toBe(1);
    expect(clampSlots('25', 10)).toBe(10);
    expect(clampSlots('2.7', 10)).toBe(2);
    expect(clampSlots(7, 3)).toBe(3);
  });

  it('never asks for less than 1 slot even when none is left (the button is disabled then)', () => {
    expect(clampSlots('4', 0)).toBe(1);
  });

  it('keeps what is typed as digits, turns a number above the maximum into the maximum at once', () => {
    expect(slotsInputValue('12', 100)).toBe('12');
    expect(slotsInputValue('150', 100)).toBe('100');
    expect(slotsInputValue('', 100)).toBe('');
    // 0 slots is never shown: the field says 1, as the cost does.
    expect(slotsInputValue('0', 100)).toBe('1');
    expect(slotsInputValue('00', 100)).toBe('1');
    expect(slotsInputValue('05', 100)).toBe('05');
    expect(slotsInputValue('-4', 100)).toBe('4');
    expect(slotsInputValue('1e3', 100)).toBe('13');
  });
});

describe('invest dialog: cost and shortfall (decimal strings, never floats)', () => {
  it('cost = slot price × slots', () => {
    expect(investmentCost('100.00000000', 3)).toBe('300.00000000');
    expect(investmentCost('0.1', 3)).toBe('0.30000000');
    expect(investmentCost('1234.56789012', 7)).toBe('8641.97523084');
  });

  it('shortfall = cost − balance when the cost is above the balance, else none', () => {
    expect(balanceShortfall('1500.00000000', '1350.00000000')).toBe('150.00000000');
    expect(balanceShortfall('0.30000000', '0.1')).toBe('0.20000000');
    expect(balanceShortfall('1000', '1000.00000000')).toBeNull();
    expect(balanceShortfall('999.99', '1000')).toBeNull();
    expect(balanceShortfall('100', null)).toBe('100.00000000');
  });
});

describe('invest dialog: projections (spec section 9)', () => {
  it('daily = principal × rate / 100; total = daily × days; final = principal + total', () => {
    expect(projectReturns('300.00000000', '0.05', 30)).toEqual({
      daily: '0.15000000',
      total: '4.50000000',
      final: '304.50000000',
    });
    expect(projectReturns('1000', '2.5', 120)).toEqual({
      daily: '25.00000000',
      total: '3000.00000000',
      final: '4000.00000000',
    });
  });

  it('keeps 8 decimals, rounding half to even', () => {
    expect(projectReturns('0.33333333', '1.11', 7)).toEqual({
      daily: '0.00370000',
      total: '0.02590000',
      final: '0.35923333',
    });
    // 12.5 × 0.01 / 100 = 0.00125 → exact at 8 places
    expect(projectReturns('12.5', '0.01', 3).daily).toBe('0.00125000');
  });

  it('compounds day by day when the purchase would compound (Auto compound interest on), as the accrual credits it', () => {
    // 10.00, then 1% of 1010.00 = 10.10, then 1% of 1020.10 = 10.201.
    expect(projectReturns('1000', '1', 3, true)).toEqual({
      daily: '10.00000000',
      total: '30.30100000',
      final: '1030.30100000',
    });
    // Each day rounded half to even: 0.500000005 → 0.50000000; then 100.50000001 × 0.5% = 0.50250000005 → 0.50250000.
    expect(projectReturns('100.00000001', '0.5', 2, true).total).toBe('1.00250000');
    expect(projectReturns('100.00000001', '0.5', 2, false).total).toBe('1.00000000');
  });
});

describe('plan cards: badge and slots filled', () => {
  const plan = (startOffsetMs: number, availableSlots = 10) => ({
    availableSlots,
    startDate: new Date(NOW + startOffsetMs).toISOString(),
  });

  it('Starts in {n}d while the start is ahead (whole days, rounded up)', () => {
    expect(planBadge(plan(3 * DAY), text, NOW)).toEqual({ kind: 'starts', label: 'Starts in 3d', days: 3 });
    expect(planBadge(plan(2.2 * DAY), text, NOW).label).toBe('Starts in 3d');
    expect(planBadge(plan(60_000), text, NOW).label).toBe('Starts in 1d');
  });

  it('Active once the start date is reached or passed', () => {
    expect(planBadge(plan(0), text, NOW)).toEqual({ kind: 'active', label: 'Active' });
    expect(planBadge(plan(-5 * DAY), text, NOW).label).toBe('Active');
  });

  it('Fully Booked when no slot is left, whatever the dates', () => {
    expect(planBadge(plan(3 * DAY, 0), text, NOW)).toEqual({ kind: 'fully-booked', label: 'Fully Booked' });
    expect(planBadge(plan(-DAY, 0), text, NOW).label).toBe('Fully Booked');
  });

  it('slots filled percent = (total − available) / total', () => {
    expect(slotsFilledPercent(100, 100)).toBe(0);
    expect(slotsFilledPercent(100, 97)).toBe(3);
    expect(slotsFilledPercent(8, 2)).toBe(75);
    expect(slotsFilledPercent(100, 0)).toBe(100);
    expect(slotsFilledPercent(0, 0)).toBe(0);
    expect(slotsFilledPercent(10, 12)).toBe(0);
  });
});

describe('deep link ?plan=<id>', () => {
  it('reads the plan parameter and removes it, keeping the rest of the address', () => {
    expect(planParam('?plan=abc')).toBe('abc');
    expect(planParam('?x=1')).toBeNull();
    expect(planParam('?plan=')).toBeNull();
    expect(withoutPlanParam('/investor/invest', '?plan=abc')).toBe('/investor/invest');
    expect(withoutPlanParam('/investor/invest', '?x=1&plan=abc', '#top')).toBe('/investor/invest?x=1#top');
  });
});

describe('invest toasts (spec section 8)', () => {
  it('success', () => {
    expect(investSuccessToast(text)).toEqual({
      title: 'Investment Successful',
      description: 'Your investment has been created successfully!',
      variant: 'success',
    });
  });

  it('over the balance: Insufficient Balance', () => {
    const expected = {
      title: 'Insufficient Balance',
      description: "You don't have enough balance for this investment",
      variant: 'destructive',
    };
    expect(
      investFailureToast(
        {
          status: 400,
          message: '400: {}',
          serverMessage: 'Insufficient balance',
          code: 'INSUFFICIENT_BALANCE',
        },
        text,
      ),
    ).toEqual(expected);
    expect(
      investFailureToast({ status: 400, message: '400', serverMessage: 'Insufficient balance' }, text),
    ).toEqual(expected);
  });

  it('otherwise Investment Failed with the server message, or the fallback', () => {
    expect(
      investFailureToast(
        { status: 400, code: 'NOT_ENOUGH_SLOTS', serverMessage: 'Only 2 slots available' },
        text,
      ),
    ).toEqual({ title: 'Investment Failed', description: 'Only 2 slots available', variant: 'destructive' });
    expect(investFailureToast({ status: 500, message: '500: oops' }, text)).toEqual({
      title: 'Investment Failed',
      description: 'Failed to create investment',
      variant: 'destructive',
    });
    expect(investFailureToast(new Error('network'), text)).toMatchObject({
      title: 'Investment Failed',
      description: 'Failed to create investment',
    });
  });

  it('a purchase the wallet has not confirmed yet is pending, not failed', () => {
    expect(
      investFailureToast({ status: 503, code: 'INVESTMENT_PENDING', serverMessage: 'Will complete' }, text),
    ).toEqual({ title: 'Investment Pending', description: 'Will complete', variant: 'default' });
  });
});

describe('invest dialog: until when the investment can be cancelled (decision 0094)', () => {
  it('is midnight UTC five days after the UTC day of purchase: the end of the fourth calendar day after it', () => {
    expect(reconsiderationEnd(new Date('2026-03-10T23:59:00.000Z')).toISOString()).toBe(
      '2026-03-15T00:00:00.000Z',
    );
    expect(reconsiderationEnd(new Date('2026-03-10T00:00:00.000Z')).toISOString()).toBe(
      '2026-03-15T00:00:00.000Z',
    );
    // Across a month's end.
    expect(reconsiderationEnd(new Date('2026-02-27T08:00:00.000Z')).toISOString()).toBe(
      '2026-03-04T00:00:00.000Z',
    );
  });
});
