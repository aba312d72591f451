// The report screens' words (decision 0128): Analytics Dashboard, Revenue, Transaction and User Reports,
// their cards, columns and legends. English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const REPORTS_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type ReportsMessageId = keyof typeof en;

export const useReportsMessages = () => useMessages(REPORTS_MESSAGES);
