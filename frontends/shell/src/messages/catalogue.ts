// The shell's messages (decision 0124): English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const SHELL_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type ShellMessageId = keyof typeof en;

export const useShellMessages = () => useMessages(SHELL_MESSAGES);
