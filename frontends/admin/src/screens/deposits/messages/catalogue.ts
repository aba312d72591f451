// Manage Deposits' and a deposit's page's messages (decision 0128): English bundled, Spanish and the
// pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const DEPOSITS_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type DepositsMessageId = keyof typeof en;

export const useDepositsMessages = () => useMessages(DEPOSITS_MESSAGES);

/** The catalogue's `text`, for the rules that build a sentence outside a component. */
export type DepositsText = ReturnType<typeof useDepositsMessages>['text'];
