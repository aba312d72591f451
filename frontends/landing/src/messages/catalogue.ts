// The landing remote's messages (decision 0124): English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const LANDING_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type LandingMessageId = keyof typeof en;

export const useLandingMessages = () => useMessages(LANDING_MESSAGES);
