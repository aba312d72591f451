// The funding desk's shared words (decision 0128): the records of money and their dialog, the four-eyes proposals
// and their decision, the payout and approval statuses. English bundled, Spanish and the pseudo-locale loaded when
// chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const SHARED_PLAN_FUNDING_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type SharedPlanFundingMessageId = keyof typeof en;

export const useSharedPlanFundingMessages = () => useMessages(SHARED_PLAN_FUNDING_MESSAGES);

export type SharedPlanFundingText = ReturnType<typeof useSharedPlanFundingMessages>['text'];
