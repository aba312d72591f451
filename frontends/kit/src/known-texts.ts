// Texts the contracts and services send in English (a zod rule's message, a server's refusal), shown in the
// page's language (decision 0129). A text is looked up by its English words; one the catalogue does not know
// is shown as it came, so an English page and an unknown text never change.
import { formatOutsideReact } from '@cropvest/ui/i18n';
import { KIT_TEXTS, useKitTexts, type KitTextId } from './messages/catalogue.ts';

const idOfEnglish = new Map(
  (Object.entries(KIT_TEXTS.en) as [KitTextId, string][]).map(([id, english]) => [english, id]),
);

/** The text in the page's language when it is a known one, else the text as it came. */
export function knownText(english: string): string {
  const id = idOfEnglish.get(english);
  return id ? formatOutsideReact(KIT_TEXTS, id) : english;
}

/**
 * Keeps the known texts' catalogue loaded in the page's language: rendered once in the page's root, so a page
 * opened in Spanish waits for it and a switch of language loads it first, and `knownText` (a plain function,
 * called from toasts and form resolvers) always finds it.
 */
export function KnownTexts(): null {
  useKitTexts();
  return null;
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
