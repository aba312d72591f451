// The notifications screen's messages (decision 0128): English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const MY_NOTIFICATIONS_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type MyNotificationsMessageId = keyof typeof en;

export const useMyNotificationsMessages = () => useMessages(MY_NOTIFICATIONS_MESSAGES);
