import {
  AllSettings,
  DEFAULT_SETTINGS,
  GeneralSettings,
  InterestSettings,
  SecuritySettings,
  settingsSectionProblem,
  WithdrawalLimitSettings,
  type SettingsPatchRequest,
  type SettingsSection,
} from '@cropvest/contracts';
import { parseInput, ValidationError } from '@cropvest/service-kit/errors';

const sectionSchemas = {
  general: GeneralSettings,
  interest: InterestSettings,
  security: SecuritySettings,
  withdrawalLimits: WithdrawalLimitSettings,
} as const;

/** Stored sections over the defaults; a section saved before a field existed still gets that field's default. */
export function mergeStoredSettings(stored: Partial<Record<SettingsSection, unknown>>): AllSettings {
  return AllSettings.parse({
    general: { ...DEFAULT_SETTINGS.general, ...(stored.general as object | undefined) },
    interest: { ...DEFAULT_SETTINGS.interest, ...(stored.interest as object | undefined) },
    security: { ...DEFAULT_SETTINGS.security, ...(stored.security as object | undefined) },
    withdrawalLimits: {
      ...DEFAULT_SETTINGS.withdrawalLimits,
      ...(stored.withdrawalLimits as object | undefined),
    },
  });
}

/** Applies a save to the current section and checks the result as a whole. */
export function applySettingsPatch<S extends SettingsSection>(
  current: AllSettings,
  patch: SettingsPatchRequest & { section: S },
): AllSettings[S] {
  const merged = parseInput(sectionSchemas[patch.section], {
    ...current[patch.section],
    ...patch.settings,
  }) as AllSettings[S];
  const problem = settingsSectionProblem(patch.section, merged);
  if (problem) throw new ValidationError(problem, [{ path: 'settings', message: problem }]);
  return merged;
}

export const SETTINGS_DESCRIPTIONS: Record<SettingsSection, string> = {
  general: 'Platform name, support address, maintenance mode, registrations and email switches',
  interest: 'Default daily rate for new plans and the minimum and maximum investment',
  security: 'Session lifetime, login lock-out, audit and KYC requirements',
  withdrawalLimits: 'Withdrawal limits for any 24 hours and any 30 days by KYC level',
};
