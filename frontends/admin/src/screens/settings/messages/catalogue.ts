// System Settings' words (decision 0128): its tabs, the General and Security forms, the withdrawal limits and
// the landing testimonials. English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const SETTINGS_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type SettingsMessageId = keyof typeof en;

export const useSettingsMessages = () => useMessages(SETTINGS_MESSAGES);
