// The Reserve Fund's messages (decision 0128): English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const RESERVE_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type ReserveMessageId = keyof typeof en;

export const useReserveMessages = () => useMessages(RESERVE_MESSAGES);
