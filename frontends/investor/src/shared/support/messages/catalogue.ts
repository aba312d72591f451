// The shared support code's messages (decision 0128), so a ticket reads the same in My Tickets and on its own page:
// English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const SHARED_SUPPORT_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type SharedSupportMessageId = keyof typeof en;

export const useSharedSupportMessages = () => useMessages(SHARED_SUPPORT_MESSAGES);
