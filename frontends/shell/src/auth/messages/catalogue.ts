// The sign-in and account pages' messages (decision 0128: a catalogue beside the code that shows them), apart from
// the shell's frame, so the landing page and the signed-in areas do not carry them. English bundled, Spanish and
// the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const AUTH_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type AuthMessageId = keyof typeof en;

export const useAuthMessages = () => useMessages(AUTH_MESSAGES);
