// The report cards' own words (decision 0128): the range controls, the chart and table views, the CSV
// download and the empty states. English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const REPORT_CARD_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type ReportCardMessageId = keyof typeof en;

export const useReportCardMessages = () => useMessages(REPORT_CARD_MESSAGES);
