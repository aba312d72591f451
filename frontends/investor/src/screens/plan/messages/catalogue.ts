// The plan page's messages (decision 0128): English bundled with the page, Spanish and the pseudo-locale
// loaded the first time the page renders in them.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const PLAN_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type PlanMessageId = keyof typeof en;

export const usePlanMessages = () => useMessages(PLAN_MESSAGES);

/** The catalogue's `text`, for the page's .ts files that build what a person reads. */
export type PlanText = ReturnType<typeof usePlanMessages>['text'];
