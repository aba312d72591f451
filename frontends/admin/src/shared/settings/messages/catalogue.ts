// The settings forms' shared words (decision 0128): the Interest tab, the switch and save button every settings
// tab uses, and the spec's save toasts. English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const SETTINGS_FORM_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type SettingsFormMessageId = keyof typeof en;

export const useSettingsFormMessages = () => useMessages(SETTINGS_FORM_MESSAGES);
