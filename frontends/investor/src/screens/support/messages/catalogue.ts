// The Support Center's messages (decision 0128): English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const SUPPORT_CENTER_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type SupportCenterMessageId = keyof typeof en;

export const useSupportCenterMessages = () => useMessages(SUPPORT_CENTER_MESSAGES);
