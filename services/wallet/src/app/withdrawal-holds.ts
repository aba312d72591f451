// Holds on new withdrawals after a security change (issue 26, docs/decisions/0098-withdrawal-holds-and-anti-phishing-code.md).
// Identity's changes reach the wallet as events (its inbox makes each count once); the address book places its own.
// Placing a hold and checking for one both take the same lock per user first, so a withdrawal either committed
// before the hold was placed, or sees it.
import { v7 as uuidv7 } from 'uuid';
import {
  ACCOUNT_FROZEN_CODE,
  APPROVAL_FROZEN_MESSAGE,
  DEFAULT_SETTINGS,
  WITHDRAWALS_FROZEN_MESSAGE,
  WITHDRAWAL_HOLD_CODE,
  withdrawalHoldMessage,
  type EventData,
  type WithdrawalHold,
  type WithdrawalHoldReason,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { subscribe, type Subscription } from '@cropvest/service-kit/bus';
import { type Knex } from '@cropvest/service-kit/db';
import { AppError } from '@cropvest/service-kit/errors';
import { readSetting } from '../db/projections.ts';
import type { WalletContext } from './context.ts';

export const WITHDRAWAL_HOLD_HOURS_SETTING = 'withdrawalHoldHours';

const HOUR_MS = 3_600_000;

interface HoldRow {
  reason: WithdrawalHoldReason;
  changed_at: Date;
  held_until: Date;
}

const lockUserHolds = (trx: Knex.Transaction, userId: string) =>
  trx.raw(`SELECT pg_advisory_xact_lock(hashtext('withdrawal_hold'), hashtext(?::text))`, [userId]);

/**
 * Holds the user's new withdrawals for the configured hours from `changedAt` (default: now). `key` names the change
 * (an event id, an address-book entry), so placing it again changes nothing. Returns the hold's end, or null when
 * the hold is switched off (0 hours).
 */
export async function placeWithdrawalHold(
  trx: Knex.Transaction,
  userId: string,
  reason: WithdrawalHoldReason,
  options: { key: string; changedAt?: Date },
): Promise<Date | null> {
  const hours =
    (await readSetting<number>(trx, WITHDRAWAL_HOLD_HOURS_SETTING)) ??
    DEFAULT_SETTINGS.security.withdrawalHoldHours;
  if (hours <= 0) return null;
  const changedAt = options.changedAt ?? new Date();
  const heldUntil = new Date(changedAt.getTime() + hours * HOUR_MS);
  await lockUserHolds(trx, userId);
  await trx('withdrawal_holds')
    .insert({
      id: uuidv7(),
      user_id: userId,
      reason,
      key: options.key,
      changed_at: changedAt,
      held_until: heldUntil,
    })
    .onConflict('key')
    .ignore();
  return heldUntil;
}

async function currentHold(db: Knex, userId: string, now: Date): Promise<HoldRow | undefined> {
  return (await db('withdrawal_holds')
    .where({ user_id: userId })
    .where('held_until', '>', now)
    .orderBy('held_until', 'desc')
    .first('reason', 'changed_at', 'held_until')) as HoldRow | undefined;
}

const isFrozen = async (db: Knex, userId: string): Promise<boolean> =>
  Boolean(await db('frozen_accounts').where({ user_id: userId }).first('user_id'));

/** Before an admin approves a withdrawal: never for a frozen account (decision 0101). */
export async function assertNotFrozenForApproval(db: Knex, userId: string): Promise<void> {
  if (await isFrozen(db, userId)) throw new AppError(409, ACCOUNT_FROZEN_CODE, APPROVAL_FROZEN_MESSAGE);
}

/**
 * Inside the withdrawal's transaction: refuses it while the account is frozen, or while a hold runs (with until
 * when and why). The freeze and the holds take the same lock, so a withdrawal either committed first or sees them.
 */
export async function assertNoWithdrawalHold(trx: Knex.Transaction, userId: string): Promise<void> {
  await lockUserHolds(trx, userId);
  if (await isFrozen(trx, userId)) throw new AppError(409, ACCOUNT_FROZEN_CODE, WITHDRAWALS_FROZEN_MESSAGE);
  const hold = await currentHold(trx, userId, new Date());
  if (hold)
    throw new AppError(409, WITHDRAWAL_HOLD_CODE, withdrawalHoldMessage(hold.reason, hold.held_until));
}

/** The investor's own hold, for the Withdraw screen. */
export async function myWithdrawalHold(ctx: WalletContext, user: AuthUser): Promise<WithdrawalHold> {
  const hold = await currentHold(ctx.db, user.id, new Date());
  return hold
    ? {
        held: true,
        until: hold.held_until.toISOString(),
        reason: hold.reason,
        since: hold.changed_at.toISOString(),
      }
    : { held: false, until: null, reason: null, since: null };
}

/** The security alerts that hold withdrawals, and why; the others (sign-ins, lock-outs) move no money. */
export function holdReasonOfAlert(
  kind: EventData<'user.security_alert'>['kind'],
): WithdrawalHoldReason | null {
  switch (kind) {
    case 'password_changed':
    case 'password_reset':
    case 'two_factor_disabled':
    case 'two_factor_enabled':
    case 'account_unfrozen':
      return kind;
    default:
      return null;
  }
}

/** The freeze as identity announced it, under the holds' lock (events of one user arrive in order). */
async function followFreeze(
  trx: Knex.Transaction,
  userId: string,
  kind: EventData<'user.security_alert'>['kind'],
  at: Date,
): Promise<void> {
  if (kind !== 'account_frozen' && kind !== 'account_unfrozen') return;
  await lockUserHolds(trx, userId);
  if (kind === 'account_frozen')
    await trx('frozen_accounts').insert({ user_id: userId, frozen_at: at }).onConflict('user_id').ignore();
  else await trx('frozen_accounts').where({ user_id: userId }).delete();
}

/** Identity's changes, each placed once (the inbox, and the event id as the hold's key), from when it happened. */
export const withdrawalHoldSubscriptions = (): Subscription[] => [
  subscribe({
    durable: 'wallet-user-security-alert',
    type: 'user.security_alert',
    handle: async (trx, event) => {
      await followFreeze(trx, event.data.userId, event.data.kind, new Date(event.occurredAt));
      const reason = holdReasonOfAlert(event.data.kind);
      if (reason)
        await placeWithdrawalHold(trx, event.data.userId, reason, {
          key: `event:${event.id}`,
          changedAt: new Date(event.occurredAt),
        });
    },
  }),
  subscribe({
    durable: 'wallet-user-email-changed',
    type: 'user.email_changed',
    handle: async (trx, event) => {
      await placeWithdrawalHold(trx, event.data.userId, 'email_changed', {
        key: `event:${event.id}`,
        changedAt: new Date(event.occurredAt),
      });
    },
  }),
];
