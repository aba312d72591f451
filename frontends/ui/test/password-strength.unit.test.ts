import { describe, expect, it } from '@jest/globals';
import { passwordStrength } from '../src/password-strength.ts';

describe('password strength meter (spec section 5)', () => {
  it('calls anything under 6 characters Too short', () => {
    expect(passwordStrength('')).toBe('Too short');
    expect(passwordStrength('Ab1cd')).toBe('Too short');
  });

  it('calls 6 or 7 characters Weak, whatever they are', () => {
    expect(passwordStrength('abcdef')).toBe('Weak');
    expect(passwordStrength('Abcde1x')).toBe('Weak');
  });

  it('calls 8 or more characters with lowercase, uppercase and a digit Strong', () => {
    expect(passwordStrength('Abcdefg1')).toBe('Strong');
    expect(passwordStrength('harvest-SEASON-2026')).toBe('Strong');
  });

  it('calls 8 or more characters missing one of those Fair', () => {
    expect(passwordStrength('abcdefgh')).toBe('Fair');
    expect(passwordStrength('ABCDEFG1')).toBe('Fair');
    expect(passwordStrength('Abcdefgh')).toBe('Fair');
    expect(passwordStrength('abcdefg1')).toBe('Fair');
  });

  it('counts characters, not UTF-16 code units', () => {
    expect(passwordStrength('🌾🌾🌾🌾🌾')).toBe('Too short');
  });
});
