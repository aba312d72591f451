// The review queues' shared messages (decision 0128), used by Manage Deposits, Manage Withdrawals, their pages and
// the second approvals of a user's page: English bundled, Spanish and the pseudo-locale loaded when chosen.
import { defineCatalogue, useMessages } from '@cropvest/ui/i18n';
import en from './en.json';

export const REVIEW_QUEUE_MESSAGES = defineCatalogue(en, {
  es: () => import('./es.json'),
  'ar-XB': () => import('./en-XB.json'),
});

export type ReviewQueueMessageId = keyof typeof en;

export const useReviewQueueMessages = () => useMessages(REVIEW_QUEUE_MESSAGES);
