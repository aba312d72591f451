// The plan screens' messages (decision 0128): Manage Plans, Create Investment Plan and Plan Analytics. English
// bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const PLANS_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type PlansMessageId = keyof typeof en;

export const usePlansMessages = () => useMessages(PLANS_MESSAGES);
