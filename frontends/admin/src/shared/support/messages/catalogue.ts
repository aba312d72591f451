// The admin desk's ticket messages (decision 0128), shared by Support Tickets' cards and a ticket's page: English
// bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const SUPPORT_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type SupportMessageId = keyof typeof en;

export const useSupportMessages = () => useMessages(SUPPORT_MESSAGES);
