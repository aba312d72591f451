// The words of the platform's own vocabulary that more than one remote shows (decision 0128): a support ticket's
// category, priority and status, a field report's stage. One catalogue, so an investor and an admin read the same
// words in every language; English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const WORDS_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type WordsMessageId = keyof typeof en;

export const useWordsMessages = () => useMessages(WORDS_MESSAGES);
