// New-device approval from the mailed link, the waiting browser's claim, and the trusted-device list
// (docs/decisions/0100-new-device-approval.md).
import type {
  DeviceApprovalDenial,
  DeviceApprovalDetails,
  DeviceApprovalSetting,
  DeviceApprovalSettingUpdate,
  DeviceApprovalStatus,
  DeviceApprovalWaiting,
  EventData,
  PageQuery,
  SessionsRevoked,
  TrustedDevice,
  TwoFactorChallenge,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { type ServiceEvents } from '@cropvest/service-kit/bus';
import { inTransaction, type Knex, type Page } from '@cropvest/service-kit/db';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '@cropvest/service-kit/errors';
import { describeDevice, deviceLine } from '../domain/devices.ts';
import { hashToken } from '../domain/secrets.ts';
import { deviceHashOf, deviceSourceOfHash, ipSource } from '../domain/sign-in-sources.ts';
import {
  findApprovalBy,
  findTrustedDevice,
  lockApprovalBy,
  pageTrustedDevices,
  sessionsOfDevice,
  trustDevice,
  type DeviceApprovalRow,
  type TrustedDeviceRow,
} from '../db/devices.ts';
import { findUserById, lockUserRow, updateUser, type UserRow } from '../db/users.ts';
import { checkOwnPassword, continueSignIn, type SignedIn } from './auth.ts';
import { approvalApplies, passwordFingerprint, type SignInClient } from './device-approval-requests.ts';
import { frozenRefusal } from './freeze-links.ts';
import { freezeAccount } from './freeze.ts';
import { endSessions } from './revocation.ts';
import { type IdentityContext, type RequestMeta } from './context.ts';

/** An approved sign-in may still be taken this long after its approval, by the browser that asked. */
const CLAIM_AFTER_APPROVAL_MS = 5 * 60_000;

const EXPIRED = 'This sign-in request expired. Please sign in again.';
const INVALID_LINK = 'This approval link is invalid. Sign in again to get a new one.';

function statusOf(row: DeviceApprovalRow, now: Date): DeviceApprovalStatus {
  if (row.denied_at) return 'denied';
  if (row.approved_at) return 'approved';
  return row.expires_at.getTime() <= now.getTime() ? 'expired' : 'pending';
}

const detailsOf = (row: DeviceApprovalRow, now: Date): DeviceApprovalDetails => ({
  ...describeDevice(row.user_agent, row.ip_address),
  status: statusOf(row, now),
  requestedAt: row.requested_at.toISOString(),
  expiresAt: row.expires_at.toISOString(),
});

async function securityAlert(
  events: ServiceEvents,
  trx: Knex.Transaction,
  data: Omit<EventData<'user.security_alert'>, 'failures' | 'lockedUntil'>,
  actorId: string | null,
  traceparent: string | null,
): Promise<void> {
  await events.emit(
    trx,
    'user.security_alert',
    { ...data, failures: null, lockedUntil: null },
    { actorId, subjectId: data.userId, traceparent },
  );
}

/** What the mailed link is for, whatever its state (the page says when it expired or was decided). */
export async function approvalDetails(ctx: IdentityContext, token: string): Promise<DeviceApprovalDetails> {
  const row = await findApprovalBy(ctx.db, 'approval_token_hash', hashToken(token));
  if (!row) throw new BadRequestError(INVALID_LINK, 'INVALID_DEVICE_APPROVAL_LINK');
  return detailsOf(row, new Date());
}

/** Locks the approval of a link that can still be decided. */
async function openApproval(trx: Knex.Transaction, token: string, now: Date): Promise<DeviceApprovalRow> {
  const row = await lockApprovalBy(trx, 'approval_token_hash', hashToken(token));
  if (!row) throw new BadRequestError(INVALID_LINK, 'INVALID_DEVICE_APPROVAL_LINK');
  const status = statusOf(row, now);
  if (status !== 'pending')
    throw new ConflictError(
      status === 'expired'
        ? 'This sign-in request expired before it was approved. Nothing was signed in.'
        : `This sign-in was already ${status}.`,
      'DEVICE_APPROVAL_CLOSED',
    );
  return row;
}

/** The owner approves: the device is trusted, and the waiting browser may take its sign-in further. */
export async function approveDevice(
  ctx: IdentityContext,
  token: string,
  meta: RequestMeta,
): Promise<DeviceApprovalDetails> {
  const now = new Date();
  return inTransaction(ctx, async (trx) => {
    const row = await openApproval(trx, token, now);
    const [approved] = (await trx('device_approvals')
      .where({ id: row.id })
      .update({ approved_at: now })
      .returning('*')) as DeviceApprovalRow[];
    const client = { userAgent: row.user_agent, ip: row.ip_address };
    await trustDevice(trx, row.user_id, row.device_hash, client, 'email_approval');
    await trx('known_sign_in_sources')
      .insert({ user_id: row.user_id, source: deviceSourceOfHash(row.device_hash) })
      .onConflict(['user_id', 'source'])
      .merge({ last_success_at: trx.fn.now() });
    await securityAlert(
      ctx.events,
      trx,
      {
        userId: row.user_id,
        kind: 'device_approved',
        ipAddress: row.ip_address,
        userAgent: row.user_agent,
        device: deviceLine(describeDevice(row.user_agent, row.ip_address)),
      },
      row.user_id,
      meta.traceparent,
    );
    return detailsOf(approved as DeviceApprovalRow, now);
  });
}

/** "It wasn't me": the sign-in is refused; with `freeze`, the account is frozen in the same step. */
export async function denyDevice(
  ctx: IdentityContext,
  input: DeviceApprovalDenial,
  meta: RequestMeta,
): Promise<DeviceApprovalDetails> {
  const now = new Date();
  return inTransaction(ctx, async (trx) => {
    const row = await openApproval(trx, input.token, now);
    const [denied] = (await trx('device_approvals')
      .where({ id: row.id })
      .update({ denied_at: now })
      .returning('*')) as DeviceApprovalRow[];
    if (input.freeze) await freezeAccount(ctx, trx, row.user_id, 'owner', { actorId: row.user_id, ...meta });
    return detailsOf(denied as DeviceApprovalRow, now);
  });
}

/**
 * The waiting browser asks: still waiting (202), refused, expired, or approved — then the sign-in goes on as if
 * the password had just been given (the second step, or the session). Only the browser that asked may take it:
 * its device cookie must be the one the approval was for.
 */
export async function claimApproval(
  ctx: IdentityContext,
  waitToken: string,
  client: SignInClient,
): Promise<DeviceApprovalWaiting | SignedIn | { challenge: TwoFactorChallenge }> {
  const now = new Date();
  const claimed = await inTransaction(ctx, async (trx) => {
    const row = await lockApprovalBy(trx, 'wait_token_hash', hashToken(waitToken));
    if (!row || row.claimed_at || deviceHashOf(client.device) !== row.device_hash)
      throw new BadRequestError(EXPIRED, 'DEVICE_APPROVAL_EXPIRED');
    const status = statusOf(row, now);
    if (status === 'denied')
      throw new BadRequestError(
        'This sign-in was refused from the link in your email.',
        'DEVICE_APPROVAL_DENIED',
      );
    if (status === 'expired') throw new BadRequestError(EXPIRED, 'DEVICE_APPROVAL_EXPIRED');
    if (status === 'pending') return { waitingUntil: row.expires_at, user: null, source: null };
    if ((row.approved_at as Date).getTime() + CLAIM_AFTER_APPROVAL_MS <= now.getTime())
      throw new BadRequestError(EXPIRED, 'DEVICE_APPROVAL_EXPIRED');
    const user = (await lockUserRow(trx, row.user_id)) as UserRow;
    if (user.is_banned)
      throw new ForbiddenError('Your account has been suspended. Please contact support.', 'ACCOUNT_BANNED');
    if (user.frozen_at) throw frozenRefusal(user);
    // The password was changed after this sign-in gave it: the one it gave no longer opens the account.
    if (passwordFingerprint(user) !== row.password_fingerprint)
      throw new UnauthorizedError(
        'Your password was changed meanwhile. Please sign in again.',
        'INVALID_CREDENTIALS',
      );
    await trx('device_approvals').where({ id: row.id }).update({ claimed_at: now });
    return { waitingUntil: null, user, source: row.counted_source };
  });
  if (claimed.user === null) return { status: 'pending', expiresAt: claimed.waitingUntil.toISOString() };
  return continueSignIn(ctx, claimed.user, client, claimed.source, now);
}

const toTrustedDevice = (row: TrustedDeviceRow, currentHash: string | null): TrustedDevice => ({
  ...describeDevice(row.user_agent, row.ip_address),
  id: row.id,
  trustedBy: row.trusted_by,
  trustedAt: row.trusted_at.toISOString(),
  lastSeenAt: row.last_seen_at.toISOString(),
  activeSessions: row.active_sessions,
  current: row.device_hash === currentHash,
});

/** One user's trusted devices; `device` is the asking browser's cookie (an admin's is never the user's). */
export async function trustedDevices(
  ctx: IdentityContext,
  userId: string,
  page: PageQuery,
  device: string | null,
): Promise<Page<TrustedDevice>> {
  const found = await pageTrustedDevices(ctx.db, userId, page);
  const currentHash = deviceHashOf(device);
  return { items: found.items.map((row) => toTrustedDevice(row, currentHash)), total: found.total };
}

/**
 * Signs out one trusted device; with `forget`, it is no longer trusted, and neither is the network it last
 * signed in from unless another trusted device uses it, so its next sign-in from there needs approval again.
 */
export async function endDevice(
  ctx: IdentityContext,
  caller: AuthUser,
  id: string,
  forget: boolean,
  meta: RequestMeta,
): Promise<SessionsRevoked> {
  return inTransaction(ctx, async (trx) => {
    const device = await findTrustedDevice(trx, caller.id, id);
    if (!device) throw new NotFoundError('Device not found', 'DEVICE_NOT_FOUND');
    const sessionIds = await sessionsOfDevice(trx, caller.id, device.device_hash);
    const revoked =
      sessionIds.length === 0
        ? 0
        : await endSessions(
            ctx,
            trx,
            caller.id,
            { only: sessionIds },
            forget ? 'device_removed' : 'device_signed_out',
            {
              actorId: caller.id,
              traceparent: meta.traceparent,
            },
          );
    if (!forget) return { revoked };
    await trx('trusted_devices').where({ id: device.id }).delete();
    const forgotten = [deviceSourceOfHash(device.device_hash)];
    const networkInUse =
      device.ip_address !== null &&
      (await trx('trusted_devices').where({ user_id: caller.id, ip_address: device.ip_address }).first('id'));
    if (device.ip_address !== null && !networkInUse) forgotten.push(ipSource(device.ip_address));
    await trx('known_sign_in_sources').where({ user_id: caller.id }).whereIn('source', forgotten).delete();
    await securityAlert(
      ctx.events,
      trx,
      {
        userId: caller.id,
        kind: 'device_removed',
        ipAddress: meta.ip,
        device: deviceLine(describeDevice(device.user_agent, device.ip_address)),
      },
      caller.id,
      meta.traceparent,
    );
    return { revoked };
  });
}

const settingOf = (user: Pick<UserRow, 'role' | 'new_device_approval'>): DeviceApprovalSetting => ({
  enabled: approvalApplies(user),
  locked: user.role === 'admin',
});

export async function ownApprovalSetting(
  ctx: IdentityContext,
  caller: AuthUser,
): Promise<DeviceApprovalSetting> {
  const user = await findUserById(ctx.db, caller.id);
  if (!user) throw new UnauthorizedError('Your account no longer exists', 'USER_NOT_FOUND');
  return settingOf(user);
}

/** On needs nothing; off needs the password (limited like sign-ins). Admins cannot switch it off. */
export async function setOwnApprovalSetting(
  ctx: IdentityContext,
  caller: AuthUser,
  input: DeviceApprovalSettingUpdate,
  meta: RequestMeta,
): Promise<DeviceApprovalSetting> {
  if (!input.enabled && caller.role === 'admin')
    throw new ForbiddenError(
      'New-device approval protects every admin account and cannot be switched off.',
      'DEVICE_APPROVAL_REQUIRED',
    );
  if (!input.enabled) await checkOwnPassword(ctx, caller.id, input.currentPassword ?? '', meta, new Date());
  return inTransaction(ctx, async (trx) => {
    const user = (await lockUserRow(trx, caller.id)) as UserRow;
    if (user.new_device_approval === input.enabled) return settingOf(user);
    const updated = await updateUser(trx, caller.id, { new_device_approval: input.enabled });
    await securityAlert(
      ctx.events,
      trx,
      {
        userId: caller.id,
        kind: input.enabled ? 'device_approval_switched_on' : 'device_approval_switched_off',
        ipAddress: meta.ip,
      },
      caller.id,
      meta.traceparent,
    );
    return settingOf(updated);
  });
}
