// My Investments' messages (decision 0128): English bundled with the screen, Spanish and the pseudo-locale
// loaded the first time the screen renders in them.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const MY_INVESTMENTS_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type MyInvestmentsMessageId = keyof typeof en;

export const useMyInvestmentsMessages = () => useMessages(MY_INVESTMENTS_MESSAGES);
