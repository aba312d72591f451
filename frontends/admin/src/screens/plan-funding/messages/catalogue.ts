// The funding screens' messages (decision 0128): Plan Funding (the desk) and a plan's funding page. English
// bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const PLAN_FUNDING_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type PlanFundingMessageId = keyof typeof en;

export const usePlanFundingMessages = () => useMessages(PLAN_FUNDING_MESSAGES);
