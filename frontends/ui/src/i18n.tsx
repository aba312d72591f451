// One i18n layer for every front end (decisions 0124, 0128): FormatJS with ICU messages, catalogues of JSON
// files beside the code that uses them (a remote's frame, a screen folder, a shared component). English is
// bundled with that code, so English costs nothing extra; Spanish and the pseudo-locale load the first time a
// component of the catalogue renders in them. No provider is needed: `useMessages(catalogue)` formats with the
// catalogue's own messages, so a shared component keeps its words inside any screen.
// It lives in the design system, the lowest shared singleton, so its components can speak every language too.
import { Children, Suspense, use, useCallback, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { createIntl, type IntlShape, type ResolvedIntlConfig } from '@formatjs/intl';
import { setFormatLocale } from '@cropvest/ui/format';
import {
  applyLocale,
  initialLocale,
  LANGUAGES,
  PSEUDO_LANGUAGE,
  PSEUDO_LOCALE,
  rememberLocale,
  type Locale,
} from '@cropvest/ui/locale';

/**
 * A catalogue's messages. A browser build holds them compiled (frontends/messages-loader.mjs), so the page carries
 * no ICU parser; Node's tests read the JSON as written.
 */
type Translated = ResolvedIntlConfig['messages'];

/** A catalogue's messages: the English ones in the bundle, the other locales loaded when first needed. */
export interface Catalogue<Id extends string> {
  /** Typed from the English file; a browser build holds the messages compiled, so read one with `englishText`. */
  readonly en: Record<Id, string>;
  readonly load: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Record<Id, unknown> }>>;
  readonly loading: Map<Locale, Promise<Translated>>;
  readonly formatters: Map<Locale, IntlShape<ReactNode>>;
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
  return { en, load, loading: new Map(), formatters: new Map() };
}

/** Intl's locale for figures and plurals: the pseudo-locale keeps English ones (it checks layout, not numbers). */
const intlLocale = (locale: Locale) => (locale === PSEUDO_LOCALE ? 'en' : locale);
const figuresLocale = (locale: Locale) => (locale === 'es' ? 'es' : 'en-US');

// The locale state, one for the page: the design system is a shared singleton, so the shell and every remote
// read it.
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
const mounted = new Map<Catalogue<string>, number>();

/** The catalogue's formatter in the locale, once its messages are here. */
function formatterOf(
  catalogue: Catalogue<string>,
  locale: Locale,
  messages: Translated,
): IntlShape<ReactNode> {
  let intl = catalogue.formatters.get(locale);
  if (!intl) {
    intl = createIntl<ReactNode>({ locale: intlLocale(locale), defaultLocale: 'en', messages });
    catalogue.formatters.set(locale, intl);
  }
  return intl;
}

/**
 * Marks a promise with its outcome once it settles, the way React marks the thenables it has seen (`status`,
 * `value`), so a component that calls `use` on it after it settled gets the value without suspending.
 */
export function settled<T>(promise: Promise<T>): Promise<T> {
  promise.then(
    (value) => Object.assign(promise, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(promise, { status: 'rejected', reason }),
  );
  return promise;
}

/**
 * One promise per catalogue and locale, so every component waiting on it (React's `use`) waits on the same. Once
 * it settles it carries its outcome the way React reads a thenable's (`status`, `value`), so a component that
 * renders after the messages arrived (a switch loads them first) gets them from `use` without suspending.
 */
export function loadMessages<Id extends string>(
  catalogue: Catalogue<Id>,
  locale: Exclude<Locale, 'en'>,
): Promise<Translated> {
  let loading = catalogue.loading.get(locale);
  if (!loading) {
    loading = settled(catalogue.load[locale]().then(({ default: messages }) => messages as Translated));
    // A failed chunk is not kept: the next render (a retry) loads it again.
    loading.catch(() => catalogue.loading.delete(locale));
    catalogue.loading.set(locale, loading);
  }
  return loading;
}

// What a switch of language waits for besides the mounted catalogues: a catalogue that is not on the page
// until the page speaks another language (the web kit's known texts).
const beforeSwitch = new Set<(locale: Exclude<Locale, 'en'>) => Promise<unknown>>();
export function beforeEachSwitch(work: (locale: Exclude<Locale, 'en'>) => Promise<unknown>): void {
  beforeSwitch.add(work);
}

/** Switches the page's language: remembered, set on <html>, and every screen renders again in it. */
export async function chooseLocale(locale: Locale): Promise<void> {
  if (locale === localeNow()) return;
  if (locale !== 'en')
    await Promise.all([
      ...[...mounted.keys()].map((catalogue) => loadMessages(catalogue, locale)),
      ...[...beforeSwitch].map((work) => work(locale)),
    ]);
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
 * The page's root: the whole page renders afresh when the language changes, so the figures formatted outside
 * the catalogues (format.ts) change with the words. A page opened in Spanish waits the moment its first
 * catalogues take rather than showing English first.
 */
export function LocaleRoot({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return (
    <Suspense key={locale} fallback={null}>
      {children}
    </Suspense>
  );
}

/**
 * A catalogue's message in the page's language from a plain function (a toast, a form resolver): never loads
 * nor suspends, so it speaks that language only once the catalogue's messages are here (a component calling
 * `useMessages(catalogue)` keeps them loaded), and English until then.
 */
export function formatOutsideReact<Id extends string>(catalogue: Catalogue<Id>, id: Id): string {
  const any = catalogue as unknown as Catalogue<string>;
  const locale = localeNow();
  const loaded = any.loading.get(locale) as { status?: string; value?: Translated } | undefined;
  const intl =
    locale !== 'en' && loaded?.status === 'fulfilled' && loaded.value
      ? formatterOf(any, locale, loaded.value)
      : formatterOf(any, 'en', catalogue.en);
  return intl.formatMessage({ id });
}

/**
 * A catalogue's English message as plain words, outside any component: a lookup by English text, a developer's log
 * line, a helper's default wording.
 */
export function englishText<Id extends string>(
  catalogue: Catalogue<Id>,
  id: Id,
  values?: Record<string, string | number>,
): string {
  return formatterOf(catalogue as unknown as Catalogue<string>, 'en', catalogue.en).formatMessage(
    { id },
    values,
  );
}

type Values = Record<string, string | number | ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/**
 * The catalogue's messages as functions typed by its ids: `text('deposit.title')` for a string,
 * `rich('footer.risk', { strong: (chunks) => <strong>{chunks}</strong> })` for one with markup. The first time
 * a catalogue is needed in a language other than English, the component suspends until it arrives.
 */
export function useMessages<Id extends string>(catalogue: Catalogue<Id>) {
  const locale = useLocale();
  const any = catalogue as unknown as Catalogue<string>;
  // `use` is called on every render in a language other than English, never only while loading: React replays a
  // component that suspended and expects the same calls in the same order (a render that skipped it broke the
  // hooks after it, React error 467).
  const intl = formatterOf(any, locale, locale === 'en' ? catalogue.en : use(loadMessages(any, locale)));
  useEffect(() => {
    mounted.set(any, (mounted.get(any) ?? 0) + 1);
    return () => {
      const left = (mounted.get(any) ?? 1) - 1;
      if (left === 0) mounted.delete(any);
      else mounted.set(any, left);
    };
  }, [any]);
  const text = useCallback(
    (id: Id, values?: Record<string, string | number>) => intl.formatMessage({ id }, values),
    [intl],
  );
  const rich = useCallback(
    (id: Id, values: Values): ReactNode => {
      // A message with tags comes back as parts, and a tag's chunks as a list: React wants keys on both.
      const keyed = Object.fromEntries(
        Object.entries(values).map(([name, value]) => [
          name,
          typeof value === 'function' ? (chunks: ReactNode[]) => value(Children.toArray(chunks)) : value,
        ]),
      );
      const parts = intl.formatMessage({ id }, keyed);
      return Array.isArray(parts) ? Children.toArray(parts) : parts;
    },
    [intl],
  );
  return { text, rich };
}
