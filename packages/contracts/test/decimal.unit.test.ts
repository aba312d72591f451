import { describe, expect, it } from '@jest/globals';
import { decimalInput, normaliseDecimalInput } from '../src/decimal.ts';

const amount = {
  label: 'Amount',
  scale: 8,
  integerDigits: 10,
  min: '1',
  minMessage: 'Amount must be at least 1',
};

describe('decimal inputs', () => {
  it.each([
    ['100', '100.00000000'],
    ['100.5', '100.50000000'],
    [' 1.00000001 ', '1.00000001'],
    [100.25, '100.25000000'],
    ['9999999999.99999999', '9999999999.99999999'],
    ['0001.5', '1.50000000'],
  ])('accepts %j as %s', (input, expected) => {
    expect(normaliseDecimalInput(input, amount)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['1.123456789', 'Amount must have at most 8 decimal places'],
    ['-5', 'Amount must be at least 1'],
    ['0', 'Amount must be at least 1'],
    ['0.99999999', 'Amount must be at least 1'],
    ['1e3', 'Amount must be a plain decimal number'],
    [1e21, 'Amount must be a plain decimal number, not exponent notation'],
    ['abc', 'Amount must be a plain decimal number'],
    ['', 'Amount must be a plain decimal number'],
    ['12345678901', 'Amount is too large'],
    [
      JSON.parse('12345678901.123456') as number,
      'Amount has too many digits for a JSON number; send it as a string',
    ],
    [Number.NaN, 'Amount must be a number'],
    [true, 'Amount must be a number'],
    [null, 'Amount is required'],
    ['1,5', 'Amount must be a plain decimal number'],
  ])('refuses %j: %s', (input, message) => {
    expect(normaliseDecimalInput(input, amount)).toEqual({ ok: false, message });
  });

  it('keeps the canonical string through the zod schema', () => {
    expect(decimalInput(amount).parse('2.5')).toBe('2.50000000');
    expect(decimalInput(amount).safeParse('0.5').error?.issues[0]?.message).toBe('Amount must be at least 1');
  });

  it('refuses zero when the rule says positive even without a minimum', () => {
    const rate = { label: 'Rate', scale: 2, integerDigits: 3, positive: true };
    expect(normaliseDecimalInput('0.00', rate)).toEqual({ ok: false, message: 'Rate must be positive' });
    expect(normaliseDecimalInput('0.01', rate)).toEqual({ ok: true, value: '0.01' });
  });
});
