// An investment's page's messages (decision 0128): English bundled, Spanish and the pseudo-locale loaded when
// chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const INVESTMENT_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type InvestmentMessageId = keyof typeof en;

export const useInvestmentMessages = () => useMessages(INVESTMENT_MESSAGES);
