// What the admin's notification screens need besides the schemas (model.ts), so they paint without zod: the
// types a notification takes and the limits of a send.

export const NOTIFICATION_TYPES = ['general', 'deposit', 'withdrawal', 'investment', 'security'] as const;

export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_MESSAGE_MAX = 2000;
/** Most recipients one targeted send may name; for more, send to everyone. */
export const NOTIFICATION_RECIPIENTS_MAX = 1000;
