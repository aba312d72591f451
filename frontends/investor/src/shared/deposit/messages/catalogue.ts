// The shared deposit code's messages (decision 0128), so the proof viewer speaks the same on Deposit and on a
// deposit's own page: English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const SHARED_DEPOSIT_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type SharedDepositMessageId = keyof typeof en;

export const useSharedDepositMessages = () => useMessages(SHARED_DEPOSIT_MESSAGES);
