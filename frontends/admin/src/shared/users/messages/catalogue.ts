// The user actions' messages (decision 0128), shared by the user lists, the user's page and Manage Investors:
// English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const SHARED_USERS_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type SharedUsersMessageId = keyof typeof en;

export const useSharedUsersMessages = () => useMessages(SHARED_USERS_MESSAGES);
