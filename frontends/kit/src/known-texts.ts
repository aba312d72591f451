// Texts the contracts and services send in English (a zod rule's message, a server's refusal), shown in the
// page's language (decision 0129). A text is looked up by its English words; one the catalogue does not know
// is shown as it came, so an English page and an unknown text never change. English needs no catalogue (its
// values are the texts themselves), so the catalogue loads only for a page in another language: with the page's
// root (KnownTexts) or before a switch to it, never with the English landing page.
import { createElement, use } from 'react';
import { beforeEachSwitch, loadMessages, settled, useLocale } from '@cropvest/ui/i18n';
import type * as Loaded from './messages/catalogue.ts';

type KnownTextsCatalogue = typeof Loaded;

let catalogue: Promise<KnownTextsCatalogue> | undefined;
let inPageLanguage: ((english: string) => string) | undefined;

function loadCatalogue(): Promise<KnownTextsCatalogue> {
  catalogue ??= settled(
    import('./messages/catalogue.ts').then((loaded) => {
      inPageLanguage = loaded.knownTextInPageLanguage;
      return loaded;
    }),
  );
  // A failed chunk is not kept: the next render (a retry) loads it again.
  catalogue.catch(() => (catalogue = undefined));
  return catalogue;
}

beforeEachSwitch((locale) => loadCatalogue().then(({ KIT_TEXTS }) => loadMessages(KIT_TEXTS, locale)));

/** The text in the page's language when it is a known one, else the text as it came. */
export function knownText(english: string): string {
  return inPageLanguage ? inPageLanguage(english) : english;
}

/**
 * Rendered once in the page's root: on a page in another language than English it loads the known texts'
 * catalogue and keeps it loaded in the page's language, so a page opened in Spanish waits for it and
 * `knownText` (a plain function, called from toasts and form resolvers) always finds it.
 */
export function KnownTexts() {
  const locale = useLocale();
  return locale === 'en' ? null : createElement(use(loadCatalogue()).KnownTextsLoaded);
}

/** A form's errors (react-hook-form's nested FieldErrors) with every message in the page's language. */
export function withKnownTexts<Errors>(errors: Errors): Errors {
  if (Array.isArray(errors)) return errors.map((error: unknown) => withKnownTexts(error)) as Errors;
  if (typeof errors !== 'object' || errors === null) return errors;
  // `ref` is the input element itself: kept as it is, never walked.
  return Object.fromEntries(
    Object.entries(errors).map(([key, value]) => [
      key,
      key === 'ref'
        ? value
        : key === 'message' && typeof value === 'string'
          ? knownText(value)
          : withKnownTexts(value),
    ]),
  ) as Errors;
}
