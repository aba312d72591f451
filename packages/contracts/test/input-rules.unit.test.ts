// The shared input rules: no NUL or unpaired surrogate in any text (text.ts), and calendar days that exist
// (calendar.ts), used by the plan form's dates, the date of birth and the statement's range.
import { describe, expect, it } from '@jest/globals';
import {
  calendarDayStart,
  findUnsafeText,
  isCalendarDay,
  KycSubmitRequest,
  LONE_SURROGATE_CHARACTER,
  NUL_CHARACTER,
  PlanInput,
  StatementQuery,
  unsafeTextProblem,
} from '@cropvest/contracts';

describe('unsafe text', () => {
  it('refuses NUL and unpaired surrogates, accepts every well-formed text', () => {
    expect(unsafeTextProblem('a\u0000b')).toBe(NUL_CHARACTER);
    expect(unsafeTextProblem('\ud800')).toBe(LONE_SURROGATE_CHARACTER);
    expect(unsafeTextProblem('x\udc00')).toBe(LONE_SURROGATE_CHARACTER);
    expect(unsafeTextProblem('\udc00\ud800')).toBe(LONE_SURROGATE_CHARACTER);
    expect(unsafeTextProblem('ends high \ud83c')).toBe(LONE_SURROGATE_CHARACTER);
    for (const fine of [
      '',
      'plain',
      'Grüße 🌾 — “quotes”',
      '\ud83c\udf3e',
      'tab\tand\nnewline',
      '\u0001\u007f',
    ])
      expect([fine, unsafeTextProblem(fine)]).toEqual([fine, null]);
  });

  it('names the field where the bad text is, however deep, keys included', () => {
    expect(findUnsafeText({ name: 'ok', email: 'a\u0000@b.c' })).toEqual({
      path: ['email'],
      message: `email ${NUL_CHARACTER}`,
    });
    expect(findUnsafeText({ data: { items: ['ok', 'bad\ud800'] } })).toEqual({
      path: ['data', 'items', 1],
      message: `data.items.1 ${LONE_SURROGATE_CHARACTER}`,
    });
    expect(findUnsafeText({ details: { 'k\u0000': 1 } })?.message).toBe(
      `A field name in details ${NUL_CHARACTER}`,
    );
    expect(findUnsafeText('\u0000')?.message).toBe(`Request body ${NUL_CHARACTER}`);
    expect(findUnsafeText({ a: [1, true, null, { b: 'fine 🌾' }] })).toBeNull();
    expect(findUnsafeText(undefined)).toBeNull();
  });
});

describe('calendar days', () => {
  it('exist only when they print back the same', () => {
    expect(calendarDayStart('2031-02-28')).toBe(Date.UTC(2031, 1, 28));
    expect(calendarDayStart('2028-02-29')).toBe(Date.UTC(2028, 1, 29));
    for (const impossible of [
      '2031-02-30',
      '2031-02-29',
      '2100-02-29',
      '2031-04-31',
      '2031-13-01',
      '2031-00-10',
      '2031-1-1',
      '',
    ])
      expect([impossible, isCalendarDay(impossible)]).toEqual([impossible, false]);
  });

  const plan = {
    title: 'Maize 2031',
    description: 'A season of maize in the valley.',
    minSlotPrice: '100',
    dailyInterestRate: '0.05',
    totalSlots: 10,
  };

  it('the plan form refuses an impossible start or end day instead of rolling it into March', () => {
    const parse = (startDate: unknown, endDate: unknown) =>
      PlanInput.safeParse({ ...plan, startDate, endDate });
    const refused = parse('2031-02-30', '2031-06-01');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'startDate',
      'Start date must be a valid date',
    ]);
    expect(parse('2031-02-01', '2031-02-30T10:00:00Z').success).toBe(false);
    expect(parse('2031-02-01', '2031-04-31').success).toBe(false);
    const accepted = parse('2031-02-28', '2031-06-01T12:00:00Z');
    expect(
      accepted.success ? [accepted.data.startDate, accepted.data.endDate] : accepted.error.issues,
    ).toEqual(['2031-02-28T00:00:00.000Z', '2031-06-01T12:00:00.000Z']);
  });

  it('the statement range and the date of birth refuse impossible days', () => {
    expect(StatementQuery.safeParse({ from: '2031-02-30', to: '2031-03-05', format: 'csv' }).success).toBe(
      false,
    );
    const submission = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      nationality: 'British',
      address: '1 Field Lane',
      city: 'Leeds',
      country: 'United Kingdom',
      postalCode: 'LS1 1AA',
      phoneNumber: '+44 113 000 0000',
      idType: 'passport',
      idNumber: 'P1234567',
      idDocumentFrontUrl: '/objects/kyc-documents/a/b',
      selfieUrl: '/objects/kyc-documents/a/c',
      proofOfAddressUrl: '/objects/kyc-documents/a/d',
    };
    expect(KycSubmitRequest.safeParse({ ...submission, dateOfBirth: '1990-02-28' }).success).toBe(true);
    const birth = KycSubmitRequest.safeParse({ ...submission, dateOfBirth: '1990-02-30' });
    expect(birth.error?.issues.map((i) => i.message)).toEqual(['dateOfBirth is not a real date']);
  });
});
