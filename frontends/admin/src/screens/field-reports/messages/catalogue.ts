// A plan's field reports' messages (decision 0128): English bundled, Spanish and the pseudo-locale loaded when
// chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const FIELD_REPORTS_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type FieldReportsMessageId = keyof typeof en;

export const useFieldReportsMessages = () => useMessages(FIELD_REPORTS_MESSAGES);

/** The catalogue's `text`, for the rules that build a sentence outside a component. */
export type FieldReportsText = ReturnType<typeof useFieldReportsMessages>['text'];
