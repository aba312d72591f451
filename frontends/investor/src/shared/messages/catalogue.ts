// The messages of the components shared by the investor's money screens (decision 0128): English bundled, Spanish
// and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const SHARED_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type SharedMessageId = keyof typeof en;

export const useSharedMessages = () => useMessages(SHARED_MESSAGES);
