// Kept apart from notifications.ts (no zod here), so the front end's stream client can import it without
// loading the schemas.

/**
 * GET /api/notifications/stream is `text/event-stream`. Events: `unread-count` (data: UnreadCount) on
 * open and after every change; `notification` (data: Notification) for each new one; `changed` (data:
 * LiveChange) when something another person or service did changed what the signed-in user's screens show
 * (docs/decisions/0105). Comment lines keep the connection alive. The stream ends when the access token
 * expires; reconnect with a fresh token.
 */
export const NOTIFICATION_STREAM_EVENTS = {
  notification: 'notification',
  unreadCount: 'unread-count',
  changed: 'changed',
} as const;

/**
 * What a `changed` event can name. An investor hears of their own balance, deposits, withdrawals,
 * investments, KYC and tickets, and of every plan's slots; an admin also hears of the queues (deposits,
 * withdrawals, investments, KYC submissions, tickets, transfers nobody claimed) of every investor, of the users
 * (a sign-up, a change of name or role, a ban) and of the on-chain checks of the plans' funding. Names only: the
 * screens read the data again through their own authorised calls.
 */
export const LIVE_TOPICS = [
  'balance',
  'deposits',
  'withdrawals',
  'investments',
  'plans',
  'kyc',
  'tickets',
  'users',
  'unmatched',
  'funding',
] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/** The data of a `changed` event. */
export interface LiveChange {
  topics: LiveTopic[];
}
