// The plan screens' pure rules: days left, slots sold, the form's values from the defaults or a plan, the dialog's
// missing-dates check.
import { describe, expect, it } from '@jest/globals';
import { PLAN_IMAGE_MAX_BYTES as CONTRACT_MAX_BYTES, type Plan } from '@cropvest/contracts/plans/model';
// The plans service owns the plan-image bucket and declares what it accepts.
import { PLAN_IMAGE_UPLOADS } from '../../../services/plans/src/app/images.ts';
import {
  datesMissing,
  daysLeft,
  newPlanValues,
  PLAN_IMAGE_ACCEPT,
  PLAN_IMAGE_MAX_BYTES,
  plainDecimal,
  planValues,
  slotsSold,
} from '../src/shared/plans/rules.ts';

const NOW = Date.parse('2026-11-23T12:00:00.000Z');

describe('plan cards', () => {
  it('counts whole days left, never below 0', () => {
    expect(daysLeft('2026-11-30T00:00:00.000Z', NOW)).toBe(7);
    expect(daysLeft('2026-11-23T12:00:00.000Z', NOW)).toBe(0);
    expect(daysLeft('2026-10-01T00:00:00.000Z', NOW)).toBe(0);
    expect(daysLeft('not a date', NOW)).toBe(0);
  });

  it('shows slots sold of the total and their share', () => {
    expect(slotsSold({ totalSlots: 200, availableSlots: 150 })).toEqual({ sold: 50, percent: 25 });
    expect(slotsSold({ totalSlots: 10, availableSlots: 10 })).toEqual({ sold: 0, percent: 0 });
  });
});

describe('the plan form', () => {
  it('starts from the server defaults, or the spec defaults while they load', () => {
    expect(
      newPlanValues({
        dailyInterestRate: '2.50',
        durationDays: 30,
        totalSlots: 100,
        isActive: true,
        minimumInvestment: '100.00000000',
        maximumInvestment: '10000.00000000',
      }),
    ).toMatchObject({ dailyInterestRate: '2.5', durationDays: '30', totalSlots: '100', isActive: true });
    expect(newPlanValues(undefined)).toMatchObject({
      dailyInterestRate: '',
      durationDays: '30',
      totalSlots: '100',
    });
  });

  it("holds a plan's own values, amounts without trailing zeros and days as the date input wants them", () => {
    const plan: Plan = {
      id: '0192f0c4-0000-7000-8000-000000000001',
      title: 'Maize',
      description: 'Maize on irrigated fields.',
      minSlotPrice: '125.50000000',
      dailyInterestRate: '0.10',
      durationDays: 45,
      totalSlots: 300,
      availableSlots: 120,
      startDate: '2026-12-01T00:00:00.000Z',
      endDate: '2027-01-15T00:00:00.000Z',
      imageUrl: null,
      isActive: false,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
      keyInformation: null,
      funding: {
        model: 'funded',
        payoutStatus: 'open',
        proceedsRecorded: false,
        proceeds: '0.00000000',
        reserveAllocated: '0.00000000',
        due: '0.00000000',
        coverage: null,
      },
    };
    expect(planValues(plan)).toEqual({
      title: 'Maize',
      description: 'Maize on irrigated fields.',
      minSlotPrice: '125.5',
      dailyInterestRate: '0.1',
      durationDays: '45',
      totalSlots: '300',
      startDate: '2026-12-01',
      endDate: '2027-01-15',
      isActive: false,
    });
    expect(plainDecimal('100.00000000')).toBe('100');
    expect(plainDecimal('42')).toBe('42');
  });

  it('needs both dates in the dialog', () => {
    expect(datesMissing({ startDate: '2026-12-01', endDate: '' })).toBe(true);
    expect(datesMissing({ startDate: ' ', endDate: '2026-12-01' })).toBe(true);
    expect(datesMissing({ startDate: '2026-12-01', endDate: '2027-01-01' })).toBe(false);
  });
});

describe('the plan image', () => {
  it('accepts exactly what the plans service accepts for plan images, up to the spec cap of 5 MB', () => {
    const rule = PLAN_IMAGE_UPLOADS;
    expect(PLAN_IMAGE_MAX_BYTES).toBe(CONTRACT_MAX_BYTES);
    expect(PLAN_IMAGE_MAX_BYTES).toBe(rule.maxBytes);
    expect(Object.keys(PLAN_IMAGE_ACCEPT).sort()).toEqual([...rule.types].sort());
  });
});
