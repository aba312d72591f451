// The deposit and withdrawal pages' messages (decision 0128): English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const MONEY_DETAIL_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type MoneyDetailMessageId = keyof typeof en;

export const useMoneyDetailMessages = () => useMessages(MONEY_DETAIL_MESSAGES);
