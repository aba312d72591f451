// A reader's notifications and their read state, and the admin's sends.
import { randomUUID } from 'node:crypto';
import type {
  AdminNotification,
  AdminNotificationCounts,
  AdminNotificationQuery,
  Notification,
  NotificationListQuery,
  NotificationPreferences,
  NotificationPreferencesPatch,
  NotificationRecipient,
  NotificationRecipientQuery,
  ReadAllResult,
  SendNotificationRequest,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { inTransaction, type Knex, type Page } from '@cropvest/service-kit/db';
import { BadRequestError, NotFoundError } from '@cropvest/service-kit/errors';
import { toAdminNotification, toNotification, type NotificationRow } from '../db/notifications.ts';
import { notificationMail } from '../domain/mails.ts';
import {
  countAdminSends,
  findAdminSend,
  findForReader,
  insertAdminSend,
  insertNotification,
  listAdminSends,
  listForReader,
  markAllRead,
  markRead,
  unreadCount,
} from '../db/notifications.ts';
import {
  platformEmailOn,
  readPreferences,
  savePreferences,
  searchRecipients,
  unknownUserIds,
} from '../db/users.ts';
import { enqueueMail } from '../db/mail.ts';
import { type NotifyContext, type RequestMeta } from './context.ts';

export async function myNotifications(
  ctx: NotifyContext,
  user: AuthUser,
  query: NotificationListQuery,
): Promise<Page<Notification>> {
  const page = await listForReader(ctx.db, user.id, query);
  return { items: page.items.map(toNotification), total: page.total };
}

export const myUnreadCount = async (ctx: NotifyContext, user: AuthUser): Promise<{ count: number }> => ({
  count: await unreadCount(ctx.db, user.id),
});

/** Marks one of the reader's own notifications, or a broadcast for this reader only. Someone else's is "not found". */
export async function readOne(ctx: NotifyContext, user: AuthUser, id: string): Promise<Notification> {
  const row = await findForReader(ctx.db, user.id, id);
  if (!row) throw new NotFoundError('Notification not found', 'NOTIFICATION_NOT_FOUND');
  if (!row.is_read) {
    await markRead(ctx.db, user.id, id);
    ctx.hub.countChanged(user.id);
  }
  return toNotification({ ...row, is_read: true });
}

export async function readAll(ctx: NotifyContext, user: AuthUser): Promise<ReadAllResult> {
  const marked = await markAllRead(ctx.db, user.id);
  if (marked > 0) ctx.hub.countChanged(user.id);
  return { marked, count: await unreadCount(ctx.db, user.id) };
}

export const myPreferences = (ctx: NotifyContext, user: AuthUser): Promise<NotificationPreferences> =>
  readPreferences(ctx.db, user.id);

export async function changePreferences(
  ctx: NotifyContext,
  user: AuthUser,
  patch: NotificationPreferencesPatch,
): Promise<NotificationPreferences> {
  const next = { ...(await readPreferences(ctx.db, user.id)), ...patch };
  await savePreferences(ctx.db, user.id, next);
  return next;
}

/** One page of the searched, filtered and sorted sends with their recipients and read counts. */
export async function adminSends(
  ctx: NotifyContext,
  query: AdminNotificationQuery,
): Promise<Page<AdminNotification>> {
  const page = await listAdminSends(ctx.db, query);
  return { ...page, items: page.items.map(toAdminNotification) };
}

export const adminSendCounts = (
  ctx: NotifyContext,
  q: string | undefined,
): Promise<AdminNotificationCounts> => countAdminSends(ctx.db, q);

export const recipients = (
  ctx: NotifyContext,
  query: NotificationRecipientQuery,
): Promise<Page<NotificationRecipient>> => searchRecipients(ctx.db, query);

/** Recipients who get an admin's send by mail too: known users who left email on, while the platform switch is on. */
async function queueMails(
  trx: Knex.Transaction,
  ctx: NotifyContext,
  userIds: string[] | null,
  title: string,
  message: string,
): Promise<number> {
  if (!(await platformEmailOn(trx))) return 0;
  const query = trx('users as u')
    .leftJoin('preferences as p', 'p.user_id', 'u.id')
    .where((q) => void q.whereNull('p.email').orWhere('p.email', true))
    .select<{ id: string; name: string; email: string }[]>('u.id', 'u.name', 'u.email');
  if (userIds) void query.whereIn('u.id', userIds);
  const recipients = await query;
  for (const user of recipients) {
    const mail = notificationMail({ name: user.name, title, message, publicUrl: ctx.config.PUBLIC_URL });
    await enqueueMail(trx, { kind: 'notification', userId: user.id, to: user.email, ...mail });
  }
  return recipients.length;
}

export async function send(
  ctx: NotifyContext,
  admin: AuthUser,
  input: SendNotificationRequest,
  meta: RequestMeta,
): Promise<AdminNotification> {
  if (input.userIds) {
    const unknown = await unknownUserIds(ctx.db, input.userIds);
    if (unknown.length > 0) {
      throw new BadRequestError(
        `Unknown user${unknown.length > 1 ? 's' : ''}: ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ', …' : ''}`,
        'UNKNOWN_USER',
      );
    }
  }
  const sendId = randomUUID();
  const { rows, mails } = await inTransaction(ctx, async (trx) => {
    await insertAdminSend(trx, {
      id: sendId,
      title: input.title,
      message: input.message,
      type: input.type,
      user_ids: input.userIds,
      created_by: admin.id,
    });
    const targets = input.userIds ?? [null];
    const inserted: NotificationRow[] = [];
    for (const userId of targets) {
      const row = await insertNotification(trx, {
        id: randomUUID(),
        user_id: userId,
        title: input.title,
        message: input.message,
        type: input.type,
        send_id: sendId,
      });
      if (row) inserted.push(row);
    }
    const queued = await queueMails(trx, ctx, input.userIds, input.title, input.message);
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'notification_send',
        targetId: sendId,
        targetType: 'notification',
        details: {
          title: input.title,
          type: input.type,
          audience: input.userIds ? 'users' : 'all',
          recipients: input.userIds?.length ?? null,
        },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
    return { rows: inserted, mails: queued };
  });
  if (mails > 0) ctx.mail.kick();
  for (const row of rows) {
    const notification = toNotification({ ...row, is_read: false });
    if (row.user_id) ctx.hub.notifyUser(row.user_id, notification);
    else ctx.hub.notifyAll(notification);
  }
  const created = await findAdminSend(ctx.db, sendId);
  if (!created) throw new NotFoundError('Notification not found');
  return toAdminNotification(created);
}
