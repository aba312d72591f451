// The dashboard' messages (decision 0128): English bundled with the screen, Spanish and the pseudo-locale
// loaded the first time the screen renders in them.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const DASHBOARD_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type DashboardMessageId = keyof typeof en;

export const useDashboardMessages = () => useMessages(DASHBOARD_MESSAGES);
