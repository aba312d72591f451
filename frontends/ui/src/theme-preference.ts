// The person's colour theme (decision 0110): System follows prefers-color-scheme through the stylesheet's
// color-scheme alone; Light or Dark is remembered in localStorage and set as data-theme on <html>, which
// theme.css turns into the page's color-scheme. Plain DOM code with no imports, so the shell's entry chunk can
// apply the stored choice before the first screen renders.

export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

const STORAGE_KEY = 'cropvest.theme';

const isPreference = (value: unknown): value is ThemePreference =>
  THEME_PREFERENCES.includes(value as ThemePreference);

/** The stored choice; System when none is stored or storage is unavailable (private mode, blocked cookies). */
export function storedThemePreference(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isPreference(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** Marks <html> with the choice; System removes the mark so the system's setting applies. */
export function applyThemePreference(preference: ThemePreference): void {
  if (preference === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = preference;
}

/** Applies the choice and remembers it for the next visit. */
export function chooseThemePreference(preference: ThemePreference): void {
  applyThemePreference(preference);
  try {
    if (preference === 'system') window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, preference);
  } catch {
    // Storage refused: the choice holds for this page only.
  }
}
