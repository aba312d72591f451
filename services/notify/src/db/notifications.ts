// Notifications and admin sends: their rows, their mapping to the contract's shapes, and the queries.
import { containsPattern, pageOf, type Knex, type Page } from '@cropvest/service-kit/db';
import {
  NOTIFICATION_RECIPIENTS_SHOWN,
  NOTIFICATION_TYPES,
  type AdminNotificationCounts,
  type AdminNotificationQuery,
  type AdminNotificationSort,
  type AdminNotification,
  type Notification,
  type NotificationListQuery,
  type NotificationRecipient,
  type NotificationType,
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

/** Inserts the notifications; one whose source event already made one is skipped. Returns those written. */
export async function insertNotifications(
  trx: Knex.Transaction,
  rows: (Pick<NotificationRow, 'id' | 'user_id' | 'title' | 'message' | 'type'> &
    Partial<Pick<NotificationRow, 'source_event_id' | 'send_id'>>)[],
): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return trx<NotificationRow>('notifications')
    .insert(rows)
    .onConflict('source_event_id')
    .ignore()
    .returning('*') as Promise<NotificationRow[]>;
}

/** Inserts a notification; one caused by an event already handled inserts nothing and returns undefined. */
export async function insertNotification(
  trx: Knex.Transaction,
  row: Parameters<typeof insertNotifications>[1][number],
): Promise<NotificationRow | undefined> {
  return (await insertNotifications(trx, [row]))[0];
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

/**
 * A send with how many it went to (null for everyone), its first recipients by name in the order chosen, and
 * how many have read it (the reads of its notifications, through their notification_id index).
 */
const adminSendSelect = (db: Knex) =>
  db<AdminSendRow>('admin_sends as s').select(
    's.*',
    db.raw('cardinality(s.user_ids) AS recipient_count'),
    db.raw(
      `(SELECT count(*)::int FROM notification_reads r JOIN notifications n ON n.id = r.notification_id WHERE n.send_id = s.id) AS read_count`,
    ),
    db.raw(
      `COALESCE((SELECT json_agg(json_build_object('id', u.id, 'name', u.name, 'email', u.email) ORDER BY chosen.position)
         FROM unnest(s.user_ids[1:?]) WITH ORDINALITY AS chosen(id, position) JOIN users u ON u.id = chosen.id), '[]'::json) AS recipients`,
      [NOTIFICATION_RECIPIENTS_SHOWN],
    ),
  );

/** Sends (aliased `s`) of `type` unless it is 'all', and, when `q` is given, whose title or message contains it. */
function matching({ q, type }: { q?: string | undefined; type?: string }) {
  return (query: Knex.QueryBuilder) => {
    if (type && type !== 'all') void query.where('s.type', type);
    if (!q) return;
    const pattern = containsPattern(q);
    void query.where(
      (where) =>
        void where
          .whereRaw(`s.title ILIKE ? ESCAPE '\\'`, [pattern])
          .orWhereRaw(`s.message ILIKE ? ESCAPE '\\'`, [pattern]),
    );
  };
}

/** The chosen order, its column followed by the id in the same direction, so that pages never overlap. */
function sortOrder(sort: AdminNotificationSort) {
  const order: 'asc' | 'desc' = sort.startsWith('-') ? 'desc' : 'asc';
  const column = sort.endsWith('title') ? 's.title' : 's.created_at';
  return [column, 's.id'].map((name) => ({ column: name, order }));
}

export const listAdminSends = (db: Knex, query: AdminNotificationQuery): Promise<Page<AdminSendRow>> =>
  pageOf<AdminSendRow>(adminSendSelect(db).modify(matching(query)).orderBy(sortOrder(query.sort)), query);

export async function countAdminSends(db: Knex, q: string | undefined): Promise<AdminNotificationCounts> {
  return (await db('admin_sends as s')
    .modify(matching({ q }))
    .first(
      db.raw(`count(*)::int AS "all"`),
      ...NOTIFICATION_TYPES.map((type) =>
        db.raw(`count(*) FILTER (WHERE s.type = ?)::int AS ??`, [type, type]),
      ),
    )) as AdminNotificationCounts;
}

export const findAdminSend = (db: Knex, id: string): Promise<AdminSendRow | undefined> =>
  adminSendSelect(db).where('s.id', id).first();
