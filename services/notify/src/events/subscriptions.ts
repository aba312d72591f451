// Everything notify reacts to, in one place.
//
// Reactions to other services' events are listed with the fields they read (a consumer picks only what it
// uses), each under an event type registered in packages/contracts: a misspelt one is a compile error.
import {
  FieldReportStage,
  NetworkType,
  SECURITY_ALERT_KINDS,
  z,
  type EventEnvelope,
  type EventType,
} from '@cropvest/contracts';
import { subscribe, userDirectorySubscriptions, type Knex, type Subscription } from '@cropvest/service-kit';
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

interface Reaction {
  /** A registered event type: a misspelt one does not compile. */
  type: EventType;
  text: (data: unknown) => { userId: string; text: texts.NotificationText } | null;
}

function reaction<S extends z.ZodType<{ userId: string }>>(
  type: EventType,
  pick: S,
  text: (data: z.output<S>) => texts.NotificationText,
): Reaction {
  return {
    type,
    text: (data) => {
      const parsed = pick.safeParse(data);
      return parsed.success ? { userId: parsed.data.userId, text: text(parsed.data) } : null;
    },
  };
}

const id = z.uuid();
const amount = z.string();
const reason = z.string().nullish();

export const REACTIONS: Reaction[] = [
  reaction(
    'ticket.responded',
    z.object({ userId: id, subject: z.string(), response: z.string() }),
    texts.ticketResponded,
  ),
  reaction(
    'ticket.status_changed',
    z.object({ userId: id, subject: z.string(), to: z.enum(['open', 'in_progress', 'resolved', 'closed']) }),
    texts.ticketStatusChanged,
  ),
  reaction(
    'deposit.approved',
    z.object({
      userId: id,
      amount,
      creditedBy: z.enum(['chain', 'admin']).optional(),
      network: NetworkType.optional(),
      claimedAmount: amount.nullish(),
    }),
    texts.depositApproved,
  ),
  reaction(
    'deposit.rejected',
    z.object({ userId: id, amount, rejectionReason: reason }),
    texts.depositRejected,
  ),
  reaction(
    'withdrawal.approved',
    z.object({ userId: id, amount, walletAddress: z.string().optional(), txid: z.string().nullish() }),
    texts.withdrawalApproved,
  ),
  reaction(
    'withdrawal.rejected',
    z.object({ userId: id, amount, rejectionReason: reason }),
    texts.withdrawalRejected,
  ),
  reaction(
    'address_book.entry_added',
    z.object({ userId: id, label: z.string(), address: z.string(), usableFrom: z.string() }),
    texts.addressBookEntryAdded,
  ),
  reaction(
    'address_book.whitelist_switched_off',
    z.object({ userId: id, effectiveAt: z.string() }),
    texts.whitelistSwitchedOff,
  ),
  reaction(
    'withdrawal_limits.raised',
    z.object({ userId: id, dailyLimit: amount, monthlyLimit: amount }),
    texts.withdrawalLimitsRaised,
  ),
  reaction(
    'kyc.reviewed',
    z.object({ userId: id, status: z.enum(['approved', 'rejected']), rejectionReason: reason }),
    texts.kycReviewed,
  ),
  reaction(
    'investment.created',
    z.object({ userId: id, principal: amount, planTitle: z.string().optional() }),
    texts.investmentCreated,
  ),
  reaction(
    'investment.failed',
    z.object({ userId: id, principal: amount, reason: z.string() }),
    texts.investmentFailed,
  ),
  reaction(
    'user.security_alert',
    z.object({
      userId: id,
      kind: z.enum(SECURITY_ALERT_KINDS),
      ipAddress: z.string().nullish(),
      userAgent: z.string().nullish(),
      failures: z.number().nullish(),
      lockedUntil: z.string().nullish(),
      device: z.string().nullish(),
      by: z.enum(['owner', 'admin']).nullish(),
    }),
    texts.securityAlert,
  ),
  reaction(
    'user.device_approval_requested',
    z.object({
      userId: id,
      approvalToken: z.string(),
      browser: z.string(),
      device: z.string(),
      ipAddress: z.string().nullable(),
      place: z.string(),
      requestedAt: z.string(),
      expiresAt: z.string(),
    }),
    texts.deviceApprovalRequested,
  ),
  reaction(
    'field_report.published',
    z.object({ userId: id, planTitle: z.string(), stage: FieldReportStage, adverse: z.boolean() }),
    texts.fieldReportPublished,
  ),
  reaction(
    'investment.harvested',
    z.object({
      userId: id,
      principal: amount,
      interest: amount,
      funded: z.object({ shortfall: amount }).optional(),
    }),
    texts.investmentHarvested,
  ),
  // An investment cancelled within its four days to reconsider (docs/decisions/0094): the principal is back.
  reaction(
    'investment.cancelled',
    z.object({ userId: id, planTitle: z.string(), principal: amount }),
    texts.investmentCancelled,
  ),
  // A funded plan's payout under review, or postponed (docs/decisions/0091): one event per investor.
  reaction(
    'plan.settlement_needed',
    z.object({ userId: id, planTitle: z.string() }),
    texts.payoutUnderReview,
  ),
  reaction(
    'plan.payout_postponed',
    z.object({ userId: id, planTitle: z.string(), until: z.string() }),
    texts.payoutPostponed,
  ),
];

/** Events handled per transaction when they queue up (service-kit's ConsumerRunner). */
const EVENT_BATCH = 100;

export function subscriptions(ctx: NotifyContext): Subscription[] {
  const fromEvents = REACTIONS.map((r) => {
    const delivery = (event: EventEnvelope<unknown>): Delivery[] => {
      const picked = r.text(event.data);
      if (picked) return [{ event, userId: picked.userId, text: picked.text }];
      // The shared schema accepted it, but not with the fields this reaction reads: say so, do not loop.
      ctx.logger.error(
        { eventId: event.id, type: event.type },
        'event lacks the fields its notification needs; skipped',
      );
      return [];
    };
    return subscribe({
      durable: `notify-${r.type.replace(/[._]/g, '-')}`,
      type: r.type,
      // Each event makes its own user's notification: a backlog (a harvest day) is delivered many per commit.
      batch: EVENT_BATCH,
      handle: (trx: Knex.Transaction, event: EventEnvelope<unknown>) =>
        deliverToUsers(ctx, trx, delivery(event)),
      handleMany: (trx: Knex.Transaction, events: EventEnvelope<unknown>[]) =>
        deliverToUsers(ctx, trx, events.flatMap(delivery)),
    });
  });
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
