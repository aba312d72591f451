import { describe, expect, it } from '@jest/globals';
import {
  addAmounts,
  compareAmounts,
  multiplyAmount,
  readableAmount,
  subtractAmounts,
  toMoneyString,
} from '../src/money.ts';

describe('money (decimal strings, never floats)', () => {
  it('keeps 8 places and rounds half to even', () => {
    expect(toMoneyString('1.000000005')).toBe('1.00000000');
    expect(toMoneyString('1.000000015')).toBe('1.00000002');
    expect(addAmounts('0.1', '0.2')).toBe('0.30000000');
    expect(subtractAmounts('100', '0.00000001')).toBe('99.99999999');
  });

  it('multiplies an amount by a whole number or a decimal exactly', () => {
    expect(multiplyAmount('100.10000000', 3)).toBe('300.30000000');
    expect(multiplyAmount('0.1', 3)).toBe('0.30000000'); // a float would give 0.30000000000000004
    expect(multiplyAmount('12.5', '0.5')).toBe('6.25000000');
  });

  it('subtracts, going below zero when the second amount is larger', () => {
    expect(subtractAmounts('1000', '300.25')).toBe('699.75000000');
    expect(subtractAmounts('0.3', '0.1')).toBe('0.20000000');
    expect(subtractAmounts('100', '250')).toBe('-150.00000000');
  });

  it('compares amounts whatever their scale', () => {
    expect(compareAmounts('100', '100.00000000')).toBe(0);
    expect(compareAmounts('100.00000001', '100')).toBe(1);
    expect(compareAmounts('99.99', '100')).toBe(-1);
  });
});

describe('readableAmount', () => {
  it('keeps every significant digit and at least two decimals, never rounding', () => {
    expect(readableAmount('1100')).toBe('1100.00');
    expect(readableAmount('0.1')).toBe('0.10');
    expect(readableAmount('12.345')).toBe('12.345');
    expect(readableAmount('5.00000001')).toBe('5.00000001');
    expect(readableAmount('-3.5')).toBe('-3.50');
  });
});
