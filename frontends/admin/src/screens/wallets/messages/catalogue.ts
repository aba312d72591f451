// Wallet Settings' and Payment Methods' messages (decision 0128): English bundled, Spanish and the pseudo-locale
// loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const WALLETS_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type WalletsMessageId = keyof typeof en;

export const useWalletsMessages = () => useMessages(WALLETS_MESSAGES);

/** The catalogue's formatters, for the history's cells built outside a component. */
export type WalletsMessages = ReturnType<typeof useWalletsMessages>;
export type WalletsText = WalletsMessages['text'];
