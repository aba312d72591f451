// Everything notify reacts to, in one place.
//
// Notifications are keyed by the event type they answer (NOTIFICATIONS); the other reactions follow.
import type { EventData, EventEnvelope, EventType } from '@cropvest/contracts';
import { subscribe, userDirectorySubscriptions, type Subscription } from '@cropvest/service-kit/bus';
import * as texts from '../domain/messages.ts';
import {
  deliverToUsers,
  mailEmailChangeLink,
  mailPasswordReset,
  mailUnfreezeLink,
  type Delivery,
} from '../app/deliver.ts';
import { saveFreezeLink } from '../db/freeze-links.ts';
import { setPlatformEmail } from '../db/users.ts';
import { saveAntiPhishingCode } from '../db/anti-phishing.ts';
import type { NotifyContext } from '../app/context.ts';

/**
 * The events that become a notification for the user they name, keyed by event type, each with its text read from
 * the event's data as the contract types it (the consumer has parsed it). A misspelt type, a type whose data names
 * no user or a text that reads a field the event lacks does not compile, and every type listed here is subscribed:
 * no reaction can exist without its subscription, nor a subscription without its reaction.
 */
type NotificationTexts = {
  [T in EventType]?: EventData<T> extends { userId: string }
    ? (data: EventData<T>) => texts.NotificationText
    : never;
};

export const NOTIFICATIONS = {
  'ticket.responded': texts.ticketResponded,
  'ticket.status_changed': texts.ticketStatusChanged,
  'deposit.approved': texts.depositApproved,
  'deposit.rejected': texts.depositRejected,
  'withdrawal.approved': texts.withdrawalApproved,
  'withdrawal.rejected': texts.withdrawalRejected,
  'address_book.entry_added': texts.addressBookEntryAdded,
  'address_book.whitelist_switched_off': texts.whitelistSwitchedOff,
  'withdrawal_limits.raised': texts.withdrawalLimitsRaised,
  'kyc.reviewed': texts.kycReviewed,
  'investment.created': texts.investmentCreated,
  'investment.failed': texts.investmentFailed,
  'user.security_alert': texts.securityAlert,
  'user.device_approval_requested': texts.deviceApprovalRequested,
  'field_report.published': texts.fieldReportPublished,
  // A plan's harvest, once per investor with their totals, however many investments they held (decision 0134).
  'plan.harvest_paid': texts.harvestPaid,
  // An investment cancelled within its four days to reconsider (docs/decisions/0094): the principal is back.
  'investment.cancelled': texts.investmentCancelled,
  // A funded plan's payout under review, or postponed (docs/decisions/0091): one event per investor.
  'plan.settlement_needed': texts.payoutUnderReview,
  'plan.payout_postponed': texts.payoutPostponed,
} satisfies NotificationTexts;

export type NotifiedType = keyof typeof NOTIFICATIONS;

/** Events handled per transaction when they queue up (service-kit's ConsumerRunner). */
const EVENT_BATCH = 100;

function notificationSubscription<T extends NotifiedType>(ctx: NotifyContext, type: T): Subscription {
  // NotificationTexts admits only types whose data names a user; TypeScript cannot follow that into a generic T.
  const text = NOTIFICATIONS[type] as unknown as (data: EventData<T>) => texts.NotificationText;
  const delivery = (event: EventEnvelope<EventData<T>>): Delivery => ({
    event,
    userId: (event.data as { userId: string }).userId,
    text: text(event.data),
  });
  return subscribe<T>({
    durable: `notify-${type.replace(/[._]/g, '-')}`,
    type,
    // Each event makes its own user's notification: a backlog is delivered many per commit.
    batch: EVENT_BATCH,
    handle: (trx, event) => deliverToUsers(ctx, trx, [delivery(event)]),
    handleMany: (trx, events) => deliverToUsers(ctx, trx, events.map(delivery)),
  });
}

export function subscriptions(ctx: NotifyContext): Subscription[] {
  const fromEvents = (Object.keys(NOTIFICATIONS) as NotifiedType[]).map((type) =>
    notificationSubscription(ctx, type),
  );
  return [
    ...userDirectorySubscriptions('notify'),
    // A banned user's open streams end at once on every replica (the gateway refuses them a new one).
    subscribe({
      durable: 'notify-user-banned',
      type: 'user.banned',
      handle: async (trx, event) => {
        if (event.data.isBanned)
          trx.executionPromise.then(
            () => ctx.hub.disconnect(event.data.userId),
            () => {},
          );
      },
    }),
    subscribe({
      durable: 'notify-user-password-reset-requested',
      type: 'user.password_reset_requested',
      handle: (trx, event) => mailPasswordReset(ctx, trx, event.data),
    }),
    subscribe({
      durable: 'notify-user-unfreeze-requested',
      type: 'user.unfreeze_requested',
      handle: (trx, event) => mailUnfreezeLink(ctx, trx, event.data),
    }),
    subscribe({
      durable: 'notify-user-freeze-link-issued',
      type: 'user.freeze_link_issued',
      handle: (trx, event) => saveFreezeLink(trx, event.data.userId, event.data.freezeToken),
    }),
    subscribe({
      durable: 'notify-user-email-change-requested',
      type: 'user.email_change_requested',
      handle: (trx, event) => mailEmailChangeLink(ctx, trx, event.data),
    }),
    // Told in the app, and mailed to the address the account left (whoever changed it can read the new one).
    subscribe({
      durable: 'notify-user-email-changed',
      type: 'user.email_changed',
      handle: (trx, event) =>
        deliverToUsers(ctx, trx, [
          {
            event,
            userId: event.data.userId,
            text: texts.emailChanged(event.data),
            mailTo: event.data.previousEmail,
          },
        ]),
    }),
    // The code first, so the notice's own mail already carries the new one (decision 0098).
    subscribe({
      durable: 'notify-user-anti-phishing-code-changed',
      type: 'user.anti_phishing_code_changed',
      handle: async (trx, event) => {
        await saveAntiPhishingCode(trx, event.data.userId, event.data.code);
        await deliverToUsers(ctx, trx, [
          { event, userId: event.data.userId, text: texts.antiPhishingCodeChanged(event.data) },
        ]);
      },
    }),
    subscribe({
      durable: 'notify-settings-updated',
      type: 'settings.updated',
      handle: async (trx, event) => {
        if (event.data.section === 'general')
          await setPlatformEmail(trx, event.data.settings.emailNotifications, event.occurredAt);
      },
    }),
    ...fromEvents,
  ];
}
