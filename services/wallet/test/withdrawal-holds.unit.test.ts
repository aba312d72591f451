import { describe, expect, it } from '@jest/globals';
import { holdReasonOfAlert } from '../src/app/withdrawal-holds.ts';

describe('which security alerts hold withdrawals', () => {
  it('password, password reset and two-factor changes do; sign-ins and lock-outs do not', () => {
    expect(holdReasonOfAlert('password_changed')).toBe('password_changed');
    expect(holdReasonOfAlert('password_reset')).toBe('password_reset');
    expect(holdReasonOfAlert('two_factor_disabled')).toBe('two_factor_disabled');
    expect(holdReasonOfAlert('two_factor_enabled')).toBe('two_factor_enabled');
    expect(holdReasonOfAlert('new_sign_in')).toBeNull();
    expect(holdReasonOfAlert('sign_in_source_locked')).toBeNull();
    expect(holdReasonOfAlert('account_locked')).toBeNull();
  });
});
