// Browse Plans' messages (decision 0128): English bundled with the screen, Spanish and the pseudo-locale
// loaded the first time the screen renders in them.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const BROWSE_PLANS_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type BrowsePlansMessageId = keyof typeof en;

export const useBrowsePlansMessages = () => useMessages(BROWSE_PLANS_MESSAGES);

/** The catalogue's `text`, for the screen's .ts files that build what a person reads. */
export type BrowsePlansText = ReturnType<typeof useBrowsePlansMessages>['text'];
