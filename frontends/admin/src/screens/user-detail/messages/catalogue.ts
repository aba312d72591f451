// The user page's messages (decision 0128): English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const USER_DETAIL_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type UserDetailMessageId = keyof typeof en;

export const useUserDetailMessages = () => useMessages(USER_DETAIL_MESSAGES);

/** The catalogue's `text`, for the column builders outside a component. */
export type UserDetailText = ReturnType<typeof useUserDetailMessages>['text'];
