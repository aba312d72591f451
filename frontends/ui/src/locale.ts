// The person's language (decision 0124): English, Spanish, or the right-to-left pseudo-locale that checks the
// layout. Remembered in localStorage; the first visit guesses from the browser's languages. Plain DOM code with
// no imports, so the shell's entry chunk can mark <html lang dir> before the first screen renders.

/** The languages a person can choose in the switch, named in their own language. */
export const LANGUAGES = [
  { locale: 'en', name: 'English' },
  { locale: 'es', name: 'Español' },
] as const;

/**
 * The bidi pseudo-locale: the messages @formatjs/cli's en-XB transform writes (English upside down inside
 * right-to-left marks) under <html lang="ar-XB" dir="rtl">. The tag is Android's for the same check, and an RTL
 * language's: the stylesheet's logical properties (ms-, ps-, start-) are compiled with :lang() fallbacks that
 * flip only for RTL languages, so an en-* tag would leave them left to right. Not offered in the switch; chosen
 * with ?lang=ar-XB in the address (remembered like a language).
 */
export const PSEUDO_LOCALE = 'ar-XB';

export type Locale = (typeof LANGUAGES)[number]['locale'] | typeof PSEUDO_LOCALE;

/** How the switch names the pseudo-locale while it is on, so the select shows what the page is in. */
export const PSEUDO_LANGUAGE = { locale: PSEUDO_LOCALE, name: 'RTL pseudo-locale (ar-XB)' } as const;

const STORAGE_KEY = 'cropvest.locale';
const LOCALES: readonly string[] = [...LANGUAGES.map((language) => language.locale), PSEUDO_LOCALE];

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && LOCALES.includes(value);

/** The browser's first language we have ("es-AR" → es); English when none matches. */
function browserLocale(): Locale {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const language = tag.toLowerCase().split('-')[0];
    if (isLocale(language) && language !== PSEUDO_LOCALE) return language;
  }
  return 'en';
}

function stored(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Remembers the choice for the next visit; storage refused keeps it for this page only. */
export function rememberLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Private mode or blocked storage: the choice holds until the page closes.
  }
}

/** The language to start in: ?lang= in the address (remembered), else the stored choice, else the browser's. */
export function initialLocale(): Locale {
  if (typeof window === 'undefined') return 'en';
  const asked = new URLSearchParams(window.location.search).get('lang');
  if (isLocale(asked)) {
    rememberLocale(asked);
    return asked;
  }
  const remembered = stored();
  return isLocale(remembered) ? remembered : browserLocale();
}

/** The direction a locale's text runs: only the pseudo-locale is right to left. */
export const directionOf = (locale: Locale): 'rtl' | 'ltr' => (locale === PSEUDO_LOCALE ? 'rtl' : 'ltr');

/** <html lang> names the language shown; the pseudo-locale also turns the page right to left. */
export function applyLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}
