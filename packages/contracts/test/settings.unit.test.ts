import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SETTINGS, SettingsPatchRequest, settingsSectionProblem } from '../src/identity/settings.ts';

const firstMessage = (input: unknown) => SettingsPatchRequest.safeParse(input).error?.issues[0]?.message;

describe('settings saves', () => {
  it('accepts the interest form as the spec sends it (numbers, plus the two security fields, which are dropped)', () => {
    const parsed = SettingsPatchRequest.parse({
      section: 'interest',
      settings: {
        defaultDailyRate: 0.05,
        minimumInvestment: 50,
        maximumInvestment: 5000,
        autoCompoundInterest: false,
        sessionTimeout: 12,
        maxLoginAttempts: 3,
      },
    });
    expect(parsed).toEqual({
      section: 'interest',
      settings: {
        defaultDailyRate: '0.05',
        minimumInvestment: '50.00000000',
        maximumInvestment: '5000.00000000',
        autoCompoundInterest: false,
      },
    });
  });

  it.each([
    [{ section: 'interest', settings: { defaultDailyRate: -1 } }, 'Default daily rate must be positive'],
    [{ section: 'interest', settings: { defaultDailyRate: 0 } }, 'Default daily rate must be positive'],
    [
      { section: 'interest', settings: { minimumInvestment: 'lots' } },
      'Minimum investment must be a plain decimal number',
    ],
    [
      { section: 'security', settings: { sessionTimeout: 1.5 } },
      'Session timeout must be a whole number of hours',
    ],
    [{ section: 'security', settings: { sessionTimeout: 0 } }, 'Session timeout must be at least 1 hour'],
    [{ section: 'security', settings: { maxLoginAttempts: 0 } }, 'Max login attempts must be at least 1'],
    [
      { section: 'security', settings: { maxLoginAttempts: '5' } },
      'settings.maxLoginAttempts must be a number',
    ],
    [{ section: 'general', settings: { supportEmail: 'nope' } }, 'Please enter a valid email address'],
    [{ section: 'general', settings: { isAdmin: true } }, 'Unknown field: isAdmin'],
    [
      { section: 'payments', settings: {} },
      'section must be one of: general, interest, security, withdrawalLimits',
    ],
  ])('refuses %j', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('requires minimum investment below maximum', () => {
    expect(
      settingsSectionProblem('interest', {
        ...DEFAULT_SETTINGS.interest,
        minimumInvestment: '500.00000000',
        maximumInvestment: '500.00000000',
      }),
    ).toBe('Minimum investment must be below maximum investment');
    expect(settingsSectionProblem('interest', DEFAULT_SETTINGS.interest)).toBeNull();
  });

  it('has the spec defaults', () => {
    expect(DEFAULT_SETTINGS.interest).toMatchObject({
      defaultDailyRate: '2.50',
      minimumInvestment: '100.00000000',
      maximumInvestment: '10000.00000000',
      autoCompoundInterest: true,
    });
    expect(DEFAULT_SETTINGS.security).toMatchObject({
      sessionTimeout: 24,
      maxLoginAttempts: 5,
      enableTwoFactor: false,
      enableAuditLogs: true,
      requireKycForInvesting: true,
      requireKycForWithdrawals: true,
      requireKeyInformation: true,
      requireKeyInformationAcknowledgement: true,
    });
    expect(DEFAULT_SETTINGS.general).toMatchObject({
      platformDescription: 'Agricultural Investment Platform',
      maintenanceMode: false,
      allowRegistrations: true,
      emailNotifications: true,
    });
  });
});
