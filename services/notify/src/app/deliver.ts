// Turns an event into a notification for the user concerned, at most once per event (the consumer's inbox,
// and a unique source_event_id as a second guard), queues its mail when the user opted in, and pushes it
// to the user's open streams once the transaction has committed.
import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@cropvest/contracts';
import type { Knex } from '@cropvest/service-kit';
import { shouldMail, type NotificationText } from '../domain/messages.ts';
import { notificationMail, passwordResetMail } from '../domain/mails.ts';
import { toNotification } from '../domain/notifications.ts';
import { insertNotification } from '../db/notifications.ts';
import { mailTarget } from '../db/users.ts';
import { enqueueMail } from '../db/mail.ts';
import type { NotifyContext } from './context.ts';

/** Runs `fn` once `trx` has committed; nothing when it rolls back. */
const afterCommit = (trx: Knex.Transaction, fn: () => void): void => {
  trx.executionPromise.then(fn, () => {});
};

export async function deliverToUser(
  ctx: NotifyContext,
  trx: Knex.Transaction,
  event: EventEnvelope,
  userId: string,
  text: NotificationText,
): Promise<void> {
  const row = await insertNotification(trx, {
    id: randomUUID(),
    user_id: userId,
    title: text.title,
    message: text.message,
    type: text.type,
    source_event_id: event.id,
  });
  if (!row) return;
  let mailed = false;
  const target = await mailTarget(trx, userId);
  if (target && shouldMail(target.platformEmailOn, target.preferences, text)) {
    await enqueueMail(trx, {
      kind: event.type,
      userId,
      to: target.email,
      ...notificationMail({
        name: target.name,
        title: text.title,
        message: text.message,
        publicUrl: ctx.config.PUBLIC_URL,
      }),
    });
    mailed = true;
  }
  afterCommit(trx, () => {
    ctx.hub.notifyUser(userId, toNotification({ ...row, is_read: false }));
    if (mailed) ctx.mail.kick();
  });
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
