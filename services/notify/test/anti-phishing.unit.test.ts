import { describe, expect, it } from '@jest/globals';
import { withAntiPhishingCode } from '../src/domain/mails.ts';
import { antiPhishingCodeChanged, securityAlert } from '../src/domain/messages.ts';

describe('anti-phishing code in mails', () => {
  it('is the first line of the body when set, and nothing is added when not', () => {
    expect(withAntiPhishingCode('Hello Ann,\n\nText', 'Blue barn')).toBe(
      'Your anti-phishing code: Blue barn\n\nHello Ann,\n\nText',
    );
    expect(withAntiPhishingCode('Hello Ann,', null)).toBe('Hello Ann,');
  });

  it('its change is a security notice, mailed always, never carrying the code itself', () => {
    const set = antiPhishingCodeChanged({ code: 'Blue barn', ipAddress: '203.0.113.7' });
    expect(set).toMatchObject({ type: 'security', always: true, title: 'Anti-phishing code set' });
    expect(set.message).not.toContain('Blue barn');
    expect(set.message).toContain('from 203.0.113.7');
    expect(antiPhishingCodeChanged({ code: null, ipAddress: null }).title).toBe('Anti-phishing code removed');
  });

  it('a password reset is told like a change, and says withdrawals wait', () => {
    const reset = securityAlert({ kind: 'password_reset', ipAddress: null });
    expect(reset.title).toBe('Your password was reset');
    expect(reset.message).toContain('new withdrawals are on hold');
  });
});
