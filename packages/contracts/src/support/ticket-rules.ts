// What the support screens need besides the schemas (model.ts), so they paint without zod: the choices a ticket's
// category, priority and status take, and how long its texts may be.

export const TICKET_CATEGORIES = [
  'investment',
  'deposit',
  'withdrawal',
  'technical',
  'account',
  'other',
] as const;
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;

export const TICKET_SUBJECT_MAX = 200;
export const TICKET_DESCRIPTION_MAX = 5000;
export const TICKET_RESPONSE_MAX = 5000;
