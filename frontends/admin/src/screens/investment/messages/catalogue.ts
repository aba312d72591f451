// The admin desk's page of one investment: its messages (decision 0128), English bundled, Spanish and the
// pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const ADMIN_INVESTMENT_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export const useAdminInvestmentMessages = () => useMessages(ADMIN_INVESTMENT_MESSAGES);
