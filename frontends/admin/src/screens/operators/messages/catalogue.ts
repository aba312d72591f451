// Operators' messages (decision 0128): English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const OPERATORS_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type OperatorsMessageId = keyof typeof en;

export const useOperatorsMessages = () => useMessages(OPERATORS_MESSAGES);
