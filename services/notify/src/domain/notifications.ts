import type {
  AdminNotification,
  Notification,
  NotificationPreferences,
  NotificationRecipient,
  NotificationType,
} from '@cropvest/contracts';

export interface NotificationRow {
  id: string;
  user_id: string | null;
  title: string;
  message: string;
  type: NotificationType;
  source_event_id: string | null;
  send_id: string | null;
  created_at: Date;
}

/** A row as one reader sees it: `is_read` is that reader's own read state. */
export interface ReaderRow extends NotificationRow {
  is_read: boolean;
}

export const toNotification = (row: ReaderRow): Notification => ({
  id: row.id,
  title: row.title,
  message: row.message,
  type: row.type,
  userId: row.user_id,
  isRead: row.is_read,
  createdAt: row.created_at.toISOString(),
});

export interface AdminSendRow {
  id: string;
  title: string;
  message: string;
  type: NotificationType;
  user_ids: string[] | null;
  created_by: string;
  created_at: Date;
  recipient_count: number | null;
  recipients: NotificationRecipient[];
  read_count: number;
}

export const toAdminNotification = (row: AdminSendRow): AdminNotification => ({
  id: row.id,
  title: row.title,
  message: row.message,
  type: row.type,
  userIds: row.user_ids,
  recipientCount: row.recipient_count,
  recipients: row.recipients,
  readCount: row.read_count,
  createdBy: row.created_by,
  createdAt: row.created_at.toISOString(),
});

export type PreferencesRow = NotificationPreferences & { user_id: string };

export const toPreferences = (row: PreferencesRow): NotificationPreferences => ({
  email: row.email,
  push: row.push,
  investment: row.investment,
  deposits: row.deposits,
  harvests: row.harvests,
  weekly: row.weekly,
});
