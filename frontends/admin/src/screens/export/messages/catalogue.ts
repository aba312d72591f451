// Export Data's words (decision 0128): the datasets and their filters, the form, and the progress and
// outcome of a run. English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const EXPORT_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type ExportMessageId = keyof typeof en;

export const useExportMessages = () => useMessages(EXPORT_MESSAGES);
