// A ticket's page's messages (decision 0128): English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const SUPPORT_TICKET_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type SupportTicketMessageId = keyof typeof en;

export const useSupportTicketMessages = () => useMessages(SUPPORT_TICKET_MESSAGES);
