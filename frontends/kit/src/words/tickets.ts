// A support ticket's category, priority and status in words (spec sections 2, 4, 5 and 8), the same in the
// investor's Support Center and on the admin's desk. Statuses read upper case with the underscore as a space
// ("IN PROGRESS"), as the spec labels them.
import type { TicketCategory, TicketPriority, TicketStatus } from '@cropvest/contracts/support/model';
import { useWordsMessages, type WordsMessageId } from './messages/catalogue.ts';

export const TICKET_CATEGORY_WORDS: Record<TicketCategory, WordsMessageId> = {
  investment: 'words.ticket.category.investment',
  deposit: 'words.ticket.category.deposit',
  withdrawal: 'words.ticket.category.withdrawal',
  technical: 'words.ticket.category.technical',
  account: 'words.ticket.category.account',
  other: 'words.ticket.category.other',
};

export const TICKET_PRIORITY_WORDS: Record<TicketPriority, WordsMessageId> = {
  low: 'words.ticket.priority.low',
  medium: 'words.ticket.priority.medium',
  high: 'words.ticket.priority.high',
  critical: 'words.ticket.priority.critical',
};

export const TICKET_STATUS_WORDS: Record<TicketStatus, WordsMessageId> = {
  open: 'words.ticket.status.open',
  in_progress: 'words.ticket.status.inProgress',
  resolved: 'words.ticket.status.resolved',
  closed: 'words.ticket.status.closed',
};

/** The ticket words in the page's language. */
export function useTicketWords() {
  const { text } = useWordsMessages();
  return {
    /** "Technical issue", as a choice and on a ticket. */
    category: (category: TicketCategory) => text(TICKET_CATEGORY_WORDS[category]),
    /** "High", as a choice beside the Priority label. */
    priority: (priority: TicketPriority) => text(TICKET_PRIORITY_WORDS[priority]),
    /** "High priority", on a ticket where no label says what the word is. */
    priorityOf: (priority: TicketPriority) => text('words.ticket.priorityOf', { priority }),
    /** "IN PROGRESS". */
    status: (status: TicketStatus) => text(TICKET_STATUS_WORDS[status]),
  };
}

export type TicketWords = ReturnType<typeof useTicketWords>;
