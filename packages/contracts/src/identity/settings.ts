// System settings (spec sections 3, 5 and 9). Each section is saved on its own; a save may carry only
// the fields it changes, and the merged section is validated as a whole (minimum below maximum). The schemas and
// defaults; the password's maximum age the Security tab names is in settings-rules.ts.
import { DEFAULT_ADDRESS_COOL_DOWN_HOURS } from '../wallet/address-book-rules.ts';
import { Decimal } from 'decimal.js';
import { z } from '../zod.ts';
import { Email } from '../common.ts';
import { decimalInput, MoneyString, RateString } from '../decimal.ts';
import { IpRange } from './ip-ranges.ts';
import {
  DEFAULT_WITHDRAWAL_LIMITS,
  WithdrawalLimitSettings,
  withdrawalLimitsProblem,
} from '../wallet/withdrawal-limits.ts';

export const BRAND_NAME = 'CropVest';
/** The spec's support hours (section 2, Support Center → Contact Us). */
export const DEFAULT_SUPPORT_HOURS = 'Monday-Friday 9:00 AM-6:00 PM EST';

/**
 * The live-chat widget (spec section 1: a third-party provider's script loaded with a key). Empty means
 * live chat is not configured (no defaults here: a partial save must not reset a field it does not name;
 * a section stored before these fields existed gets DEFAULT_SETTINGS' values when read). The script must come over HTTPS; `{key}` in its address is replaced by the key.
 */
const LiveChatScriptUrl = z
  .string({ message: 'Live chat script URL must be text' })
  .trim()
  .max(500, 'Live chat script URL must be at most 500 characters')
  .refine((value) => value === '' || /^https:\/\/[^\s"'<>]+$/.test(value), {
    message: 'Live chat script URL must be an https:// address',
  });
const LiveChatKey = z
  .string({ message: 'Live chat key must be text' })
  .trim()
  .max(200, 'Live chat key must be at most 200 characters')
  .regex(/^[A-Za-z0-9._:/-]*$/, 'Live chat key may hold only letters, digits and . _ : / -');

export const GeneralSettings = z
  .object({
    platformName: z.string().trim().min(1, 'Platform name is required').max(100),
    platformDescription: z.string().trim().max(500),
    supportEmail: Email,
    maintenanceMode: z.boolean(),
    allowRegistrations: z.boolean(),
    emailNotifications: z.boolean(),
    supportHours: z
      .string()
      .trim()
      .min(1, 'Support hours are required')
      .max(100, 'Support hours must be at most 100 characters'),
    liveChatScriptUrl: LiveChatScriptUrl,
    liveChatKey: LiveChatKey,
  })
  .openapi('GeneralSettings');
export type GeneralSettings = z.infer<typeof GeneralSettings>;

const Rate = decimalInput({
  label: 'Default daily rate',
  scale: 2,
  integerDigits: 3,
  positive: true,
  minMessage: 'Default daily rate must be positive',
});
const Investment = (label: string) =>
  decimalInput({
    label,
    scale: 8,
    integerDigits: 10,
    positive: true,
    minMessage: `${label} must be positive`,
  });

/** Stored and returned form of the interest section: decimal strings. */
export const InterestSettings = z
  .object({
    defaultDailyRate: RateString,
    minimumInvestment: MoneyString,
    maximumInvestment: MoneyString,
    autoCompoundInterest: z.boolean(),
    interestCalculationMethod: z.literal('daily'),
  })
  .openapi('InterestSettings');
export type InterestSettings = z.infer<typeof InterestSettings>;

export const SecuritySettings = z
  .object({
    enableTwoFactor: z.boolean(),
    sessionTimeout: z
      .number()
      .int('Session timeout must be a whole number of hours')
      .min(1, 'Session timeout must be at least 1 hour')
      .max(720, 'Session timeout must be at most 720 hours'),
    maxLoginAttempts: z
      .number()
      .int('Max login attempts must be a whole number')
      .min(1, 'Max login attempts must be at least 1')
      .max(100, 'Max login attempts must be at most 100'),
    /** A password older than PASSWORD_MAX_AGE_DAYS must be changed at the next sign-in before anything else. */
    requirePasswordReset: z.boolean(),
    /** Covers sign-in events only: money, access and settings actions are always audited. */
    enableAuditLogs: z.boolean(),
    /** Admin sign-in and admin routes only from `ipWhitelist` (addresses or CIDR ranges). */
    ipWhitelisting: z.boolean(),
    ipWhitelist: z.array(IpRange).max(100, 'At most 100 allowed addresses'),
    requireKycForInvesting: z.boolean(),
    /** Suitability answers before investing and the loss warning above 5 % of net worth (decision 0094). */
    requireSuitabilityCheck: z.boolean(),
    /** A plan takes investments only with a complete key information sheet (decision 0092). */
    requireKeyInformation: z.boolean(),
    /** An investment names the version of the plan's key information sheet its investor acknowledged. */
    requireKeyInformationAcknowledgement: z.boolean(),
    requireKycForWithdrawals: z.boolean(),
    /**
     * Four-eyes rule: a withdrawal or a manual balance adjustment of this many USDT or more needs two
     * different admins (docs/decisions/0060-four-eyes-approval.md).
     */
    secondApprovalThreshold: decimalInput({
      label: 'Second approval threshold',
      scale: 2,
      integerDigits: 10,
      positive: true,
      minMessage: 'Second approval threshold must be positive',
    }),
    /** A deposit the chain verified is credited without an admin, up to `autoCreditCeiling` (decision 0080). */
    autoCreditDeposits: z.boolean(),
    autoCreditCeiling: decimalInput({
      label: 'Auto-credit ceiling',
      scale: 2,
      integerDigits: 10,
      positive: true,
      minMessage: 'Auto-credit ceiling must be positive',
    }),
    /**
     * New withdrawals wait this many hours after a password, email or two-factor change or a new address-book
     * entry (docs/decisions/0098-withdrawal-holds-and-anti-phishing-code.md); 0 switches the hold off.
     */
    withdrawalHoldHours: z
      .number()
      .int('Withdrawal hold must be a whole number of hours')
      .min(0, 'Withdrawal hold cannot be negative')
      .max(720, 'Withdrawal hold must be at most 720 hours'),
    /**
     * A new withdrawal address is usable, and "whitelisted addresses only" switches off, this many hours after the
     * investor asked (docs/decisions/0097-withdrawal-address-book.md).
     */
    addressBookCoolDownHours: z
      .number()
      .int('Address cool-down must be a whole number of hours')
      .min(1, 'Address cool-down must be at least 1 hour')
      .max(720, 'Address cool-down must be at most 720 hours'),
  })
  .openapi('SecuritySettings');
export type SecuritySettings = z.infer<typeof SecuritySettings>;

export const AllSettings = z
  .object({
    general: GeneralSettings,
    interest: InterestSettings,
    security: SecuritySettings,
    withdrawalLimits: WithdrawalLimitSettings,
  })
  .openapi('AllSettings');
export type AllSettings = z.infer<typeof AllSettings>;
export type SettingsSection = keyof AllSettings;

export const DEFAULT_SETTINGS: AllSettings = {
  general: {
    platformName: BRAND_NAME,
    platformDescription: 'Agricultural Investment Platform',
    supportEmail: 'support@cropvest.example',
    maintenanceMode: false,
    allowRegistrations: true,
    emailNotifications: true,
    supportHours: DEFAULT_SUPPORT_HOURS,
    liveChatScriptUrl: '',
    liveChatKey: '',
  },
  interest: {
    defaultDailyRate: '2.50',
    minimumInvestment: '100.00000000',
    maximumInvestment: '10000.00000000',
    autoCompoundInterest: true,
    interestCalculationMethod: 'daily',
  },
  security: {
    enableTwoFactor: false,
    sessionTimeout: 24,
    maxLoginAttempts: 5,
    requirePasswordReset: false,
    enableAuditLogs: true,
    ipWhitelisting: false,
    ipWhitelist: [],
    requireKycForInvesting: true,
    requireSuitabilityCheck: true,
    requireKeyInformation: true,
    requireKeyInformationAcknowledgement: true,
    requireKycForWithdrawals: true,
    secondApprovalThreshold: '10000.00',
    autoCreditDeposits: true,
    autoCreditCeiling: '1000.00',
    withdrawalHoldHours: 24,
    addressBookCoolDownHours: DEFAULT_ADDRESS_COOL_DOWN_HOURS,
  },
  withdrawalLimits: DEFAULT_WITHDRAWAL_LIMITS,
};

/**
 * The interest form of the spec also sends the security tab's sessionTimeout and maxLoginAttempts.
 * They are accepted so that form keeps working, and ignored: security values change only through the
 * security section (docs/decisions/0020-identity-and-edge.md).
 */
/** The interest section's editable amounts as the admin types them (the System Settings form uses these too). */
export const InterestInputs = {
  defaultDailyRate: Rate,
  minimumInvestment: Investment('Minimum investment'),
  maximumInvestment: Investment('Maximum investment'),
};
export const MINIMUM_ABOVE_MAXIMUM = 'Minimum investment must be below maximum investment';

const InterestPatch = z
  .object({
    defaultDailyRate: InterestInputs.defaultDailyRate.optional(),
    minimumInvestment: InterestInputs.minimumInvestment.optional(),
    maximumInvestment: InterestInputs.maximumInvestment.optional(),
    autoCompoundInterest: z.boolean().optional(),
    interestCalculationMethod: z.literal('daily').optional(),
    sessionTimeout: z.unknown().optional(),
    maxLoginAttempts: z.unknown().optional(),
  })
  .strict()
  .transform(({ sessionTimeout: _s, maxLoginAttempts: _m, ...interest }) => interest);

export const SettingsPatchRequest = z
  .discriminatedUnion(
    'section',
    [
      z.object({ section: z.literal('general'), settings: GeneralSettings.partial().strict() }).strict(),
      z.object({ section: z.literal('interest'), settings: InterestPatch }).strict(),
      z.object({ section: z.literal('security'), settings: SecuritySettings.partial().strict() }).strict(),
      z
        .object({
          section: z.literal('withdrawalLimits'),
          settings: WithdrawalLimitSettings.partial().strict(),
        })
        .strict(),
    ],
    { message: 'section must be one of: general, interest, security, withdrawalLimits' },
  )
  .openapi('SettingsPatchRequest');
export type SettingsPatchRequest = z.infer<typeof SettingsPatchRequest>;

/** Cross-field rules a merged section must keep; returns a message when broken. */
export function settingsSectionProblem(
  section: SettingsSection,
  value: AllSettings[SettingsSection],
): string | null {
  if (section === 'interest') {
    const interest = value as InterestSettings;
    if (!new Decimal(interest.minimumInvestment).lessThan(interest.maximumInvestment))
      return MINIMUM_ABOVE_MAXIMUM;
  }
  if (section === 'security') {
    const security = value as SecuritySettings;
    if (security.ipWhitelisting && security.ipWhitelist.length === 0)
      return 'Add at least one allowed address before turning on IP whitelisting';
  }
  if (section === 'withdrawalLimits') return withdrawalLimitsProblem(value as WithdrawalLimitSettings);
  return null;
}

/** What the front end needs before anyone signs in. */
export const PublicSettings = z
  .object({
    platformName: z.string(),
    platformDescription: z.string(),
    supportEmail: z.string(),
    supportHours: z.string(),
    allowRegistrations: z.boolean(),
    maintenanceMode: z.boolean(),
    /** Both empty: live chat is not configured. */
    liveChatScriptUrl: z.string(),
    liveChatKey: z.string(),
    /** Whether a purchase made now compounds (the invest dialog's projection says which). */
    autoCompoundInterest: z.boolean(),
    /** Up to which amount a deposit the chain verified is credited without an admin (the Deposit screen says so). */
    autoCreditDeposits: z.boolean(),
    autoCreditCeiling: z.string(),
    /** The invest dialog asks the investor to acknowledge the plan's key information sheet (decision 0092). */
    requireKeyInformationAcknowledgement: z.boolean(),
    /** Investing needs an approved identity check: the invest dialog says so before anyone confirms. */
    requireKycForInvesting: z.boolean(),
  })
  .openapi('PublicSettings');
export type PublicSettings = z.infer<typeof PublicSettings>;
