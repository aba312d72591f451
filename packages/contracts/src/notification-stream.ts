// Kept apart from notifications.ts (no zod here), so the front end's stream client can import it without
// loading the schemas.

/**
 * GET /api/notifications/stream is `text/event-stream`. Events: `unread-count` (data: UnreadCount) on
 * open and after every change; `notification` (data: Notification) for each new one. Comment lines keep
 * the connection alive. The stream ends when the access token expires; reconnect with a fresh token.
 */
export const NOTIFICATION_STREAM_EVENTS = {
  notification: 'notification',
  unreadCount: 'unread-count',
} as const;
