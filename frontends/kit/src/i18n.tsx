// One i18n layer for every front end (decision 0124): react-intl with ICU messages, one catalogue of JSON files
// per remote and locale. English is bundled with the code that uses it, so English costs nothing extra; Spanish
// and the pseudo-locale load the first time they are chosen. The shell renders every remote inside
// <LocaleRoot>; a remote with its own catalogue wraps its screens in <Messages>.
import { useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider, useIntl, type MessageFormatElement } from 'react-intl';
import { setFormatLocale } from '@cropvest/ui/format';
import {
  applyLocale,
  initialLocale,
  LANGUAGES,
  PSEUDO_LANGUAGE,
  PSEUDO_LOCALE,
  rememberLocale,
  type Locale,
} from './locale.ts';

type Translated = Record<string, string> | Record<string, MessageFormatElement[]>;

/** A remote's messages: the English ones in the bundle, the other locales loaded when chosen. */
export interface Catalogue<Id extends string> {
  readonly en: Record<Id, string>;
  readonly load: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Record<Id, unknown> }>>;
  readonly loaded: Map<Locale, Translated>;
}

/**
 * Declares a catalogue. `es` is typed against the English file, so a key missing from the Spanish catalogue
 * fails the type check; the pseudo-locale file is the compiled AST @formatjs/cli writes
 * (`npx tsx scripts/i18n-pseudo.ts`).
 */
export function defineCatalogue<Id extends string>(
  en: Record<Id, string>,
  load: Catalogue<Id>['load'],
): Catalogue<Id> {
  return { en, load, loaded: new Map<Locale, Translated>([['en', en]]) };
}

/** Intl's locale for figures and plurals: the pseudo-locale keeps English ones (it checks layout, not numbers). */
const intlLocale = (locale: Locale) => (locale === PSEUDO_LOCALE ? 'en' : locale);
const figuresLocale = (locale: Locale) => (locale === 'es' ? 'es' : 'en-US');

// The locale state, one for the page: web-kit is a shared singleton, so the shell and every remote read it.
let current: Locale | undefined;
const listeners = new Set<() => void>();
function localeNow(): Locale {
  if (current === undefined) {
    current = initialLocale();
    setFormatLocale(figuresLocale(current));
  }
  return current;
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, localeNow, () => 'en' as const);
}

// The catalogues on the page now: a switch loads their messages first, so the page changes language at once,
// never showing a blank or half-translated screen while a catalogue is on its way.
const mounted = new Set<Catalogue<string>>();

function loadMessages(catalogue: Catalogue<string>, locale: Locale): Promise<Translated> {
  const loaded = catalogue.loaded.get(locale);
  if (loaded) return Promise.resolve(loaded);
  if (locale === 'en') return Promise.resolve(catalogue.en);
  return catalogue.load[locale]().then(({ default: messages }) => {
    catalogue.loaded.set(locale, messages as Translated);
    return messages as Translated;
  });
}

/** Switches the page's language: remembered, set on <html>, and every screen renders again in it. */
export async function chooseLocale(locale: Locale): Promise<void> {
  if (locale === localeNow()) return;
  await Promise.all([...mounted].map((catalogue) => loadMessages(catalogue, locale)));
  current = locale;
  setFormatLocale(figuresLocale(locale));
  rememberLocale(locale);
  applyLocale(locale);
  listeners.forEach((listener) => listener());
}

/** What a language switch needs: the languages, the one shown and the way to change it. */
export function useLanguageChoice() {
  const locale = useLocale();
  const languages = locale === PSEUDO_LOCALE ? [...LANGUAGES, PSEUDO_LANGUAGE] : LANGUAGES;
  return { languages, locale, onChange: (next: Locale) => void chooseLocale(next) };
}

/**
 * The catalogue's messages in the locale; none while they load the first time (a page opened in Spanish
 * waits the moment its small catalogue takes rather than showing English first).
 */
function useCatalogue<Id extends string>(catalogue: Catalogue<Id>, locale: Locale): Translated | undefined {
  const [, arrived] = useState(0);
  const messages = catalogue.loaded.get(locale);
  useEffect(() => {
    mounted.add(catalogue);
    return () => {
      mounted.delete(catalogue);
    };
  }, [catalogue]);
  useEffect(() => {
    if (messages) return;
    let live = true;
    void loadMessages(catalogue, locale).then(() => live && arrived((n) => n + 1));
    return () => {
      live = false;
    };
  }, [catalogue, locale, messages]);
  return messages;
}

/** A remote's messages for everything inside it, in the page's locale. */
export function Messages<Id extends string>({
  catalogue,
  children,
}: {
  catalogue: Catalogue<Id>;
  children: ReactNode;
}) {
  const locale = useLocale();
  const messages = useCatalogue(catalogue, locale);
  if (!messages) return null;
  return (
    <IntlProvider locale={intlLocale(locale)} defaultLocale="en" messages={messages}>
      {children}
    </IntlProvider>
  );
}

/**
 * The shell's root: its catalogue, and the whole page rendered afresh when the language changes, so the
 * figures formatted outside react-intl (ui/format.ts) change with the words.
 */
export function LocaleRoot<Id extends string>({
  catalogue,
  children,
}: {
  catalogue: Catalogue<Id>;
  children: ReactNode;
}) {
  const locale = useLocale();
  return (
    <Messages catalogue={catalogue} key={locale}>
      {children}
    </Messages>
  );
}

type Values = Record<string, string | number | ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/**
 * The catalogue's messages as functions typed by its ids: `text('landing.hero.title')` for a string,
 * `rich('footer.risk', { strong: (chunks) => <strong>{chunks}</strong> })` for one with markup.
 */
export function useMessages<Id extends string>(_catalogue: Catalogue<Id>) {
  const intl = useIntl();
  const text = useCallback(
    (id: Id, values?: Record<string, string | number>) => intl.formatMessage({ id }, values),
    [intl],
  );
  const rich = useCallback((id: Id, values: Values): ReactNode => intl.formatMessage({ id }, values), [intl]);
  return { text, rich };
}
