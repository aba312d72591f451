import { describe, expect, it } from '@jest/globals';
import { PlanInput } from '@cropvest/contracts';
import { multiplyAmount } from '@cropvest/contracts';
import { addDays, isDay, lastCompleteDay, planDays } from '../src/domain/days.ts';
import {
  checkPurchase,
  deletionCheck,
  editedSlots,
  investmentMemo,
  type PlanState,
} from '../src/domain/rules.ts';
import { accrueDaySql } from '../src/db/accrual.ts';

describe('principal', () => {
  it('is the slot price times the slots, exactly', () => {
    expect(multiplyAmount('123.45678901', 3)).toBe('370.37036703');
    expect(multiplyAmount('0.1', 3)).toBe('0.30000000');
  });
});

describe('days', () => {
  it('never lets a day accrue before it is over', () => {
    expect(lastCompleteDay(new Date('2026-11-22T00:00:01Z'))).toBe('2026-11-21');
    expect(lastCompleteDay(new Date('2026-11-21T23:59:59Z'))).toBe('2026-11-20');
  });

  it('reads days strictly and plans default to their whole days', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-13-45')).toBe(false);
    expect(isDay("2026-01-01'; drop table plans; --")).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(planDays('2026-01-01T00:00:00Z', '2026-03-02T00:00:00Z')).toBe(60);
    expect(() => accrueDaySql("2026-01-01' OR true")).toThrow('not a day');
  });
});

describe('purchase rules', () => {
  const plan: PlanState = {
    id: 'p',
    minSlotPrice: '100',
    totalSlots: 10,
    availableSlots: 4,
    startDate: '2026-01-01T00:00:00Z',
    endDate: '2026-12-31T00:00:00Z',
    isActive: true,
    deleted: false,
  };
  const limits = { minimumInvestment: '100.00000000', maximumInvestment: '10000.00000000', requireKyc: true };
  const now = new Date('2026-06-01T00:00:00Z');
  const refusal = (result: ReturnType<typeof checkPurchase>) => (result.ok ? null : result.refusal.message);

  it('takes the principal from the server and refuses a differing client figure', () => {
    expect(checkPurchase(plan, { slots: 2, clientPrincipal: '200', kycApproved: true }, limits, now)).toEqual(
      { ok: true, principal: '200.00000000' },
    );
    expect(checkPurchase(plan, { slots: 2, clientPrincipal: 200, kycApproved: true }, limits, now).ok).toBe(
      true,
    );
    expect(
      refusal(
        checkPurchase(plan, { slots: 2, clientPrincipal: '199.99999999', kycApproved: true }, limits, now),
      ),
    ).toBe('Principal must equal slot price × slots (200.00000000)');
  });

  it('applies the rules in order: plan, open, not ended, KYC, slots, limits', () => {
    expect(refusal(checkPurchase(undefined, { slots: 1, kycApproved: true }, limits, now))).toBe(
      'Plan not found',
    );
    expect(
      refusal(checkPurchase({ ...plan, deleted: true }, { slots: 1, kycApproved: true }, limits, now)),
    ).toBe('Plan not found');
    expect(
      refusal(checkPurchase({ ...plan, isActive: false }, { slots: 1, kycApproved: true }, limits, now)),
    ).toBe('This plan is not open for investment');
    expect(
      refusal(checkPurchase(plan, { slots: 1, kycApproved: true }, limits, new Date('2026-12-31T00:00:00Z'))),
    ).toBe('This plan has ended');
    expect(refusal(checkPurchase(plan, { slots: 1, kycApproved: false }, limits, now))).toBe(
      'Please complete KYC verification before investing',
    );
    expect(
      checkPurchase(plan, { slots: 1, kycApproved: false }, { ...limits, requireKyc: false }, now).ok,
    ).toBe(true);
    expect(refusal(checkPurchase(plan, { slots: 5, kycApproved: true }, limits, now))).toBe(
      'Only 4 slots available',
    );
    expect(
      refusal(checkPurchase({ ...plan, availableSlots: 1 }, { slots: 2, kycApproved: true }, limits, now)),
    ).toBe('Only 1 slot available');
    expect(
      refusal(checkPurchase({ ...plan, availableSlots: 0 }, { slots: 1, kycApproved: true }, limits, now)),
    ).toBe('This plan is fully booked');
    expect(
      refusal(
        checkPurchase({ ...plan, minSlotPrice: '99.99' }, { slots: 1, kycApproved: true }, limits, now),
      ),
    ).toBe('Minimum investment is 100.00 USDT');
    expect(
      refusal(
        checkPurchase({ ...plan, minSlotPrice: '5000.01' }, { slots: 2, kycApproved: true }, limits, now),
      ),
    ).toBe('Maximum investment is 10000.00 USDT');
    // A plan that has not started yet can be bought.
    expect(
      checkPurchase(
        { ...plan, startDate: '2026-07-01T00:00:00Z' },
        { slots: 1, kycApproved: true },
        limits,
        now,
      ).ok,
    ).toBe(true);
  });

  it('keeps slots sold when a plan is edited', () => {
    expect(editedSlots({ totalSlots: 10, availableSlots: 4 }, 12)).toEqual({ ok: true, availableSlots: 6 });
    expect(editedSlots({ totalSlots: 10, availableSlots: 4 }, 6)).toEqual({ ok: true, availableSlots: 0 });
    expect(editedSlots({ totalSlots: 10, availableSlots: 4 }, 5)).toEqual({
      ok: false,
      message: 'Total slots cannot be less than the 6 slots already sold',
    });
    expect(deletionCheck(2)).toEqual({
      canDelete: false,
      reason: 'This plan has active investments',
      investmentCount: 2,
    });
    expect(deletionCheck(0)).toEqual({ canDelete: true, reason: null, investmentCount: 0 });
  });
});

describe('plan form contract', () => {
  const valid = {
    title: 'Soy',
    description: 'Ten characters at least',
    minSlotPrice: '10',
    dailyInterestRate: '0.5',
    totalSlots: 5,
    startDate: '2026-01-01',
    endDate: '2026-02-01',
  };
  const first = (input: unknown) => {
    const result = PlanInput.safeParse(input);
    return result.success ? null : result.error.issues[0]?.message;
  };
  it('gives the spec messages', () => {
    expect(first({ ...valid, title: 'So' })).toBe('Title must be at least 3 characters');
    expect(first({ ...valid, startDate: undefined })).toBe('Start date is required');
    expect(first({ ...valid, endDate: '2025-12-31' })).toBe('End date must be after start date');
    expect(PlanInput.parse(valid)).toMatchObject({
      minSlotPrice: '10.00000000',
      dailyInterestRate: '0.50',
      startDate: '2026-01-01T00:00:00.000Z',
      isActive: true,
    });
  });
});

describe('the memo the wallet keeps with an investment', () => {
  it('names the plan and the slots, as the transaction history shows them', () => {
    expect(investmentMemo('Winter Wheat', 1)).toBe('Winter Wheat · 1 slot');
    expect(investmentMemo('Winter Wheat', 3)).toBe('Winter Wheat · 3 slots');
  });
});
