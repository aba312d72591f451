// The shared profile components' messages (decision 0128), so the suitability questionnaire speaks the same in
// Profile & Settings and in the invest dialog: English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const SHARED_PROFILE_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type SharedProfileMessageId = keyof typeof en;

export const useSharedProfileMessages = () => useMessages(SHARED_PROFILE_MESSAGES);
