// A plan's key information sheet's messages (decision 0128): English bundled, Spanish and the pseudo-locale loaded
// when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const KEY_INFORMATION_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type KeyInformationMessageId = keyof typeof en;

export const useKeyInformationMessages = () => useMessages(KEY_INFORMATION_MESSAGES);
