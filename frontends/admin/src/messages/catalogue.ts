// The admin area's screen names (decision 0128): the page titles and the sidebar's groups and links.
import { defineCatalogue } from '@cropvest/ui/i18n';
import en from './en.json';

export const ADMIN_SCREEN_NAMES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type AdminScreenNameId = keyof typeof en;
