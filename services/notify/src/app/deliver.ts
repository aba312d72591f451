// Turns an event into a notification for the user concerned, at most once per event (the consumer's inbox,
// and a unique source_event_id as a second guard), queues its mail when the user opted in, and pushes it
// to the user's open streams once the transaction has committed.
import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@cropvest/contracts';
import type { Knex } from '@cropvest/service-kit/db';
import { shouldMail, type NotificationText } from '../domain/messages.ts';
import { emailChangeMail, notificationMail, passwordResetMail, unfreezeMail } from '../domain/mails.ts';
import { freezeTokens } from '../db/freeze-links.ts';
import { toNotification, type NotificationRow } from '../db/notifications.ts';
import { insertNotifications } from '../db/notifications.ts';
import { mailTargets } from '../db/users.ts';
import { enqueueMail, enqueueMails, type QueuedMail } from '../db/mail.ts';
import type { NotifyContext } from './context.ts';

/** Runs `fn` once `trx` has committed; nothing when it rolls back. */
const afterCommit = (trx: Knex.Transaction, fn: () => void): void => {
  trx.executionPromise.then(fn, () => {});
};

/** One event's notification for one user. */
export interface Delivery {
  event: EventEnvelope;
  userId: string;
  text: NotificationText;
  /** Where its mail goes instead of the user's address (a notice to the address an account just left). */
  mailTo?: string;
}

/**
 * Delivers many events' notifications in three statements (a harvest day brings a hundred per batch): the
 * notifications, skipping any whose event already made one; their users' mail settings; the mails of those who
 * opted in. Pushed to the users' open streams once the transaction has committed.
 */
export async function deliverToUsers(ctx: NotifyContext, trx: Knex.Transaction, deliveries: Delivery[]) {
  const rows = await insertNotifications(
    trx,
    deliveries.map(({ event, userId, text }) => ({
      id: randomUUID(),
      user_id: userId,
      title: text.title,
      message: text.message,
      type: text.type,
      source_event_id: event.id,
    })),
  );
  const written = new Map(rows.map((row) => [row.source_event_id, row]));
  const delivered = deliveries.filter(({ event }) => written.has(event.id));
  if (delivered.length === 0) return;
  const targets = await mailTargets(
    trx,
    delivered.map(({ userId }) => userId),
  );
  // Every security mail carries the account's freeze link (decision 0101).
  const freezeLinks = await freezeTokens(
    trx,
    delivered.flatMap(({ userId, text }) => (text.type === 'security' ? [userId] : [])),
  );
  const mails: QueuedMail[] = [];
  for (const { event, userId, text, mailTo } of delivered) {
    const target = targets.get(userId);
    if (!target || !shouldMail(target.platformEmailOn, target.preferences, text)) continue;
    mails.push({
      kind: event.type,
      userId,
      to: mailTo ?? target.email,
      ...notificationMail({
        name: target.name,
        title: text.title,
        message: text.message,
        publicUrl: ctx.config.PUBLIC_URL,
        ...(text.action ? { action: text.action } : {}),
        ...(text.type === 'security' && freezeLinks.has(userId)
          ? { freezeToken: freezeLinks.get(userId) as string }
          : {}),
      }),
    });
  }
  await enqueueMails(trx, mails);
  afterCommit(trx, () => {
    for (const { event, userId } of delivered)
      ctx.hub.notifyUser(
        userId,
        toNotification({ ...(written.get(event.id) as NotificationRow), is_read: false }),
      );
    if (mails.length) ctx.mail.kick();
  });
}

/** The email-change link goes to the new address whatever the preferences: the owner asked for it. */
export async function mailEmailChangeLink(
  ctx: NotifyContext,
  trx: Knex.Transaction,
  data: { userId: string; name: string; newEmail: string; confirmToken: string; expiresAt: string },
): Promise<void> {
  const mail = emailChangeMail({
    name: data.name,
    newEmail: data.newEmail,
    token: data.confirmToken,
    expiresAt: data.expiresAt,
    publicUrl: ctx.config.PUBLIC_URL,
  });
  await enqueueMail(trx, {
    kind: 'email_change',
    userId: data.userId,
    to: data.newEmail,
    ...mail,
    unprovenAddress: true,
  });
  afterCommit(trx, () => ctx.mail.kick());
}

/** Password reset mails are sent whatever the preferences: the user (or an admin for them) asked for one. */
export async function mailPasswordReset(
  ctx: NotifyContext,
  trx: Knex.Transaction,
  data: { userId: string; email: string; name: string; resetToken: string; expiresAt: string },
): Promise<void> {
  const mail = passwordResetMail({
    name: data.name,
    token: data.resetToken,
    expiresAt: data.expiresAt,
    publicUrl: ctx.config.PUBLIC_URL,
  });
  await enqueueMail(trx, { kind: 'password_reset', userId: data.userId, to: data.email, ...mail });
  afterCommit(trx, () => ctx.mail.kick());
}

/** The unfreeze confirmation goes to the account's address whatever the preferences: the owner asked for it. */
export async function mailUnfreezeLink(
  ctx: NotifyContext,
  trx: Knex.Transaction,
  data: { userId: string; email: string; name: string; confirmToken: string; expiresAt: string },
): Promise<void> {
  const mail = unfreezeMail({
    name: data.name,
    token: data.confirmToken,
    expiresAt: data.expiresAt,
    publicUrl: ctx.config.PUBLIC_URL,
  });
  await enqueueMail(trx, { kind: 'unfreeze', userId: data.userId, to: data.email, ...mail });
  afterCommit(trx, () => ctx.mail.kick());
}
