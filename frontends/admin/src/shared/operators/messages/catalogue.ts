// An operator's season list's messages (decision 0128), shared by Operators and the key information sheet:
// English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const SHARED_OPERATORS_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type SharedOperatorsMessageId = keyof typeof en;

export const useSharedOperatorsMessages = () => useMessages(SHARED_OPERATORS_MESSAGES);
