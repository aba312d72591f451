// The landing remote's messages (decision 0124): English bundled, Spanish and the pseudo-locale loaded when chosen.
import type { ReactNode } from 'react';
import { defineCatalogue, Messages, useMessages } from '@cropvest/web-kit/i18n';
import en from './en.json';

export const LANDING_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type LandingMessageId = keyof typeof en;

export const useLandingMessages = () => useMessages(LANDING_MESSAGES);

/** Every page the landing remote exposes renders inside its messages. */
export function LandingMessages({ children }: { children: ReactNode }) {
  return <Messages catalogue={LANDING_MESSAGES}>{children}</Messages>;
}
