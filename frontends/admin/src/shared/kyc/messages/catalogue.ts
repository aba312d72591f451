// The KYC words KYC Management and the user page share (decision 0128): the tabs and counters, the ID types and
// the documents. English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const SHARED_KYC_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type SharedKycMessageId = keyof typeof en;

export const useSharedKycMessages = () => useMessages(SHARED_KYC_MESSAGES);
