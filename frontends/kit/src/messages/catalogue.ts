// The texts that reach the screens from outside the front end (decision 0129): the contracts' validation
// messages and the services' refusals. Their English values are those texts word for word, so a text is found
// by its English words, and kit/test/known-texts.unit.test.ts checks each is still sent. Loaded by
// ../known-texts.ts only for a page in another language than English.
import { defineCatalogue, englishText, formatOutsideReact, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const KIT_TEXTS = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type KitTextId = keyof typeof en;

const idOfEnglish = new Map(
  (Object.keys(KIT_TEXTS.en) as KitTextId[]).map((id) => [englishText(KIT_TEXTS, id), id]),
);

/** The text in the page's language when it is a known one, else the text as it came. */
export function knownTextInPageLanguage(english: string): string {
  const id = idOfEnglish.get(english);
  return id ? formatOutsideReact(KIT_TEXTS, id) : english;
}

/** Keeps the catalogue loaded in the page's language (a switch loads a mounted catalogue first). */
export function KnownTextsLoaded(): null {
  useMessages(KIT_TEXTS);
  return null;
}
