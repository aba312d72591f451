import { pageOf, type Knex, type Page } from '@cropvest/service-kit';
import type { NotificationListQuery, NotificationType } from '@cropvest/contracts';
import type { AdminSendRow, NotificationRow, ReaderRow } from '../domain/notifications.ts';

/** What a reader may see: their own notifications and every broadcast. */
const visibleTo = (query: Knex.QueryBuilder, userId: string) =>
  query.where((q) => void q.where('n.user_id', userId).orWhereNull('n.user_id'));

const readerSelect = (db: Knex, userId: string) =>
  db<ReaderRow>('notifications as n')
    .leftJoin(
      'notification_reads as r',
      (j) => void j.on('r.notification_id', 'n.id').andOn('r.user_id', db.raw('?', [userId])),
    )
    .select('n.*', db.raw('(r.user_id IS NOT NULL) AS is_read'));

/** One page of what a reader sees, newest first: everything, or only the unread or the read ones. */
export function listForReader(
  db: Knex,
  userId: string,
  query: NotificationListQuery,
): Promise<Page<ReaderRow>> {
  const rows = visibleTo(readerSelect(db, userId), userId)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc');
  if (query.status === 'unread') void rows.whereNull('r.user_id');
  if (query.status === 'read') void rows.whereNotNull('r.user_id');
  return pageOf<ReaderRow>(rows, query);
}

export const findForReader = (db: Knex, userId: string, id: string): Promise<ReaderRow | undefined> =>
  visibleTo(readerSelect(db, userId), userId).where('n.id', id).first();

const UNREAD_SQL = `SELECT count(*)::int FROM notifications n
  WHERE (n.user_id = u.user_id OR n.user_id IS NULL)
    AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.user_id = u.user_id AND r.notification_id = n.id)`;

export async function unreadCount(db: Knex, userId: string): Promise<number> {
  const counts = await unreadCounts(db, [userId]);
  return counts.get(userId) ?? 0;
}

/** Unread counts of several readers in one statement (the live stream after a broadcast). */
export async function unreadCounts(db: Knex, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await db.raw<{ rows: { user_id: string; count: number }[] }>(
    `SELECT u.user_id, (${UNREAD_SQL}) AS count FROM unnest(?::uuid[]) AS u(user_id)`,
    [userIds],
  );
  return new Map(rows.map((row) => [row.user_id, row.count]));
}

export async function markRead(
  db: Knex | Knex.Transaction,
  userId: string,
  notificationId: string,
): Promise<void> {
  await db('notification_reads')
    .insert({ user_id: userId, notification_id: notificationId })
    .onConflict(['user_id', 'notification_id'])
    .ignore();
}

/** Marks everything the reader can see as read; returns how many were unread. */
export async function markAllRead(db: Knex, userId: string): Promise<number> {
  const { rowCount } = await db.raw<{ rowCount: number }>(
    `INSERT INTO notification_reads (user_id, notification_id)
     SELECT ?, n.id FROM notifications n WHERE n.user_id = ? OR n.user_id IS NULL
     ON CONFLICT (user_id, notification_id) DO NOTHING`,
    [userId, userId],
  );
  return rowCount;
}

/** Inserts a notification; one caused by an event already handled inserts nothing and returns undefined. */
export async function insertNotification(
  trx: Knex.Transaction,
  row: Pick<NotificationRow, 'id' | 'user_id' | 'title' | 'message' | 'type'> &
    Partial<Pick<NotificationRow, 'source_event_id' | 'send_id'>>,
): Promise<NotificationRow | undefined> {
  const [inserted] = await trx<NotificationRow>('notifications')
    .insert(row)
    .onConflict('source_event_id')
    .ignore()
    .returning('*');
  return inserted as NotificationRow | undefined;
}

export async function insertAdminSend(
  trx: Knex.Transaction,
  send: {
    id: string;
    title: string;
    message: string;
    type: NotificationType;
    user_ids: string[] | null;
    created_by: string;
  },
): Promise<void> {
  await trx('admin_sends').insert({ ...send, user_ids: send.user_ids });
}

const adminSendSelect = (db: Knex) =>
  db<AdminSendRow>('admin_sends as s').select(
    's.*',
    db.raw(
      `(SELECT count(*)::int FROM notification_reads r JOIN notifications n ON n.id = r.notification_id WHERE n.send_id = s.id) AS read_count`,
    ),
  );

export function listAdminSends(
  db: Knex,
  filter: { type?: NotificationType; limit: number },
): Promise<AdminSendRow[]> {
  const query = adminSendSelect(db)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(filter.limit);
  if (filter.type) void query.where('s.type', filter.type);
  return query;
}

export const findAdminSend = (db: Knex, id: string): Promise<AdminSendRow | undefined> =>
  adminSendSelect(db).where('s.id', id).first();
