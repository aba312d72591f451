// Manage Withdrawals' and a withdrawal's page's messages (decision 0128): English bundled, Spanish and the
// pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const WITHDRAWALS_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type WithdrawalsMessageId = keyof typeof en;

export const useWithdrawalsMessages = () => useMessages(WITHDRAWALS_MESSAGES);

/** The catalogue's `text`, for the rules that build a sentence outside a component. */
export type WithdrawalsText = ReturnType<typeof useWithdrawalsMessages>['text'];
