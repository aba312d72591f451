import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SETTINGS, SettingsPatchRequest } from '@cropvest/contracts';
import { applySettingsPatch, mergeStoredSettings } from '../src/domain/settings.ts';

describe('settings merge', () => {
  it('fills sections and fields never saved with the defaults', () => {
    expect(mergeStoredSettings({})).toEqual(DEFAULT_SETTINGS);
    const merged = mergeStoredSettings({ security: { sessionTimeout: 8 } });
    expect(merged.security).toEqual({ ...DEFAULT_SETTINGS.security, sessionTimeout: 8 });
  });

  it('applies a partial save over the current section', () => {
    const patch = SettingsPatchRequest.parse({ section: 'interest', settings: { minimumInvestment: '250' } });
    expect(applySettingsPatch(DEFAULT_SETTINGS, patch)).toEqual({
      ...DEFAULT_SETTINGS.interest,
      minimumInvestment: '250.00000000',
    });
  });

  it('refuses a save that would put the minimum investment at or above the maximum', () => {
    const patch = SettingsPatchRequest.parse({
      section: 'interest',
      settings: { minimumInvestment: '20000' },
    });
    expect(() => applySettingsPatch(DEFAULT_SETTINGS, patch)).toThrow(
      'Minimum investment must be below maximum investment',
    );
  });
});
