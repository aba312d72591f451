// The admin command palette's messages (decision 0128): English bundled, Spanish and the pseudo-locale loaded
// when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const COMMAND_PALETTE_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type CommandPaletteMessageId = keyof typeof en;

export const useCommandPaletteMessages = () => useMessages(COMMAND_PALETTE_MESSAGES);
