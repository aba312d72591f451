// The audit trail's words (decision 0128): its filters, columns and entry dialog, the chain check, and each
// action as an admin reads it. English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const AUDIT_TRAIL_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type AuditTrailMessageId = keyof typeof en;

export const useAuditTrailMessages = () => useMessages(AUDIT_TRAIL_MESSAGES);
