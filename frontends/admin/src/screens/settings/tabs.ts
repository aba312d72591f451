// Which tab an address opens (the tab is in the address): /admin/settings is General, /admin/settings/interest
// and /admin/settings/security their tabs, and ?tab=audit the Audit tab (/admin/settings/audit is the Audit
// Logs page of its own).
export const SETTINGS_TABS = ['general', 'interest', 'security', 'audit'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export const SETTINGS_PATH = '/admin/settings';

export function tabAt(pathname: string, search: string): SettingsTab {
  const sub = pathname.slice(SETTINGS_PATH.length + 1);
  if (sub === 'interest' || sub === 'security') return sub;
  return new URLSearchParams(search).get('tab') === 'audit' ? 'audit' : 'general';
}

export const pathOf = (tab: SettingsTab): string =>
  tab === 'general'
    ? SETTINGS_PATH
    : tab === 'audit'
      ? `${SETTINGS_PATH}?tab=audit`
      : `${SETTINGS_PATH}/${tab}`;
