// The plan form's and plan pages' shared words (decision 0128): the fields of the Create Investment Plan page and the
// edit dialog, the plan image's upload texts and the head of a page about one plan. English bundled, Spanish and
// the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const SHARED_PLANS_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type SharedPlansMessageId = keyof typeof en;

export const useSharedPlansMessages = () => useMessages(SHARED_PLANS_MESSAGES);
