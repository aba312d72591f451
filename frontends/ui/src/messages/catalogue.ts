// The design system's own words (decision 0128): what its components say themselves (a dialog's Close, a list's
// "No … found", a chain verdict), English bundled, Spanish and the pseudo-locale loaded when chosen. A screen
// that passes its own text to a component is unchanged; these are the words a component says when it does not.
import { defineCatalogue, englishText, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const UI_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type UiMessageId = keyof typeof en;

export const useUiMessages = () => useMessages(UI_MESSAGES);

/** A catalogue message as a string: the `text` of useUiMessages, which the .ts helpers take as a parameter. */
export type UiText = (id: UiMessageId, values?: Record<string, string | number>) => string;

/**
 * The messages in English, for a helper called outside a component (a test, a screen not converted yet): its
 * `text` parameter defaults to this, so an existing caller reads what it read before.
 */
export const englishUiText: UiText = (id, values) => englishText(UI_MESSAGES, id, values);
