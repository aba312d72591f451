// The investment cards' messages (decision 0128): what My Investments and an investment's page say of each
// investment, English bundled with the cards, Spanish and the pseudo-locale loaded the first time they render in them.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const SHARED_MY_INVESTMENTS_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type SharedMyInvestmentsMessageId = keyof typeof en;

export const useSharedMyInvestmentsMessages = () => useMessages(SHARED_MY_INVESTMENTS_MESSAGES);

/** The catalogue's `text`, for the folder's .ts files that build what a person reads. */
export type SharedMyInvestmentsText = ReturnType<typeof useSharedMyInvestmentsMessages>['text'];
