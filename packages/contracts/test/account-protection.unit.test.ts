// The pure rules of decision 0098: the hold's refusal wording and the anti-phishing code's rules.
import { describe, expect, it } from '@jest/globals';
import {
  AntiPhishingCodeText,
  AntiPhishingCodeUpdate,
  antiPhishingLine,
  DEFAULT_SETTINGS,
  SecuritySettings,
  WITHDRAWAL_HOLD_REASONS,
  WITHDRAWAL_HOLD_REASON_TEXT,
  withdrawalHoldMessage,
} from '../src/index.ts';

describe('withdrawal holds', () => {
  it('say until when, in UTC to the minute, and why', () => {
    expect(withdrawalHoldMessage('password_changed', new Date('2026-11-27T22:45:31.000Z'))).toMatch(
      /^Withdrawals are on hold until 2026-11-27 22:45 UTC because your password was changed\. /,
    );
    expect(withdrawalHoldMessage('address_added', new Date('2026-01-02T03:04:00Z'))).toContain(
      'until 2026-01-02 03:04 UTC because a new withdrawal address was saved',
    );
  });

  it('word every reason', () => {
    for (const reason of WITHDRAWAL_HOLD_REASONS) expect(WITHDRAWAL_HOLD_REASON_TEXT[reason]).toMatch(/\S/);
  });

  it('last 24 hours by default, 0 to 720 whole hours', () => {
    expect(DEFAULT_SETTINGS.security.withdrawalHoldHours).toBe(24);
    const security = (hours: unknown) =>
      SecuritySettings.safeParse({ ...DEFAULT_SETTINGS.security, withdrawalHoldHours: hours });
    expect(security(0).success).toBe(true);
    expect(security(720).success).toBe(true);
    expect(security(721).error?.issues[0]?.message).toBe('Withdrawal hold must be at most 720 hours');
    expect(security(-1).error?.issues[0]?.message).toBe('Withdrawal hold cannot be negative');
    expect(security(1.5).error?.issues[0]?.message).toBe('Withdrawal hold must be a whole number of hours');
  });
});

describe('anti-phishing code', () => {
  it('is trimmed and its spaces collapsed; any script is welcome', () => {
    expect(AntiPhishingCodeText.parse('  Green   tractor 42 ')).toBe('Green tractor 42');
    expect(AntiPhishingCodeText.parse('Grüne Äpfel!')).toBe('Grüne Äpfel!');
    expect(AntiPhishingCodeText.parse('麦田守望者')).toBe('麦田守望者');
  });

  it('is 4 to 24 characters of letters, digits, spaces and . _ - ! ?', () => {
    const problem = (code: unknown) => AntiPhishingCodeText.safeParse(code).error?.issues[0]?.message;
    expect(problem('   abc  ')).toBe('Anti-phishing code must be at least 4 characters');
    expect(problem('x'.repeat(25))).toBe('Anti-phishing code must be at most 24 characters');
    expect(problem('<b>mine</b>')).toBe('Use letters, digits, spaces and . _ - ! ? only');
    expect(problem('see https://x')).toBe('Use letters, digits, spaces and . _ - ! ? only');
    expect(problem(undefined)).toBe('Anti-phishing code is required');
    expect(problem('x'.repeat(24))).toBeUndefined();
  });

  it('is removed with null, always with the current password', () => {
    expect(AntiPhishingCodeUpdate.parse({ code: null, currentPassword: 'p' })).toEqual({
      code: null,
      currentPassword: 'p',
    });
    expect(AntiPhishingCodeUpdate.safeParse({ code: 'Blue barn' }).success).toBe(false);
    expect(AntiPhishingCodeUpdate.safeParse({ code: 'Blue barn', currentPassword: 'p', x: 1 }).success).toBe(
      false,
    );
  });

  it('is always shown in the same words', () => {
    expect(antiPhishingLine('Blue barn')).toBe('Your anti-phishing code: Blue barn');
  });
});
