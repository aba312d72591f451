// Profile & Settings' messages (decision 0128): English bundled with the screen, Spanish and the pseudo-locale
// loaded the first time the screen renders in them.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const PROFILE_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type ProfileMessageId = keyof typeof en;

export const useProfileMessages = () => useMessages(PROFILE_MESSAGES);

/** The catalogue's `text`, for the screen's .ts files that build what a person reads. */
export type ProfileText = ReturnType<typeof useProfileMessages>['text'];
