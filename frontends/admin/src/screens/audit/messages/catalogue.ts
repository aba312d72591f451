// The Audit Logs page's words (decision 0128); the trail itself speaks from shared/audit. English bundled,
// Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const AUDIT_LOGS_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type AuditLogsMessageId = keyof typeof en;

export const useAuditLogsMessages = () => useMessages(AUDIT_LOGS_MESSAGES);
