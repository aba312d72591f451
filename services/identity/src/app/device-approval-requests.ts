// The step between a right password and the rest of a sign-in when it comes from a device and a network the
// account never used: no session, a mailed link instead (docs/decisions/0100-new-device-approval.md).
import { createHash, randomUUID } from 'node:crypto';
import { DEVICE_APPROVAL_MINUTES, maskEmail, type DeviceApprovalPending } from '@cropvest/contracts';
import { inTransaction, type Knex } from '@cropvest/service-kit/db';
import { describeDevice } from '../domain/devices.ts';
import { hashToken, newOpaqueToken } from '../domain/secrets.ts';
import { DEVICE_ID, deviceSource, ipSource } from '../domain/sign-in-sources.ts';
import { knownSources } from '../db/sign-in-limits.ts';
import type { UserRow } from '../db/users.ts';
import type { SessionClient } from '../db/sessions.ts';
import { type IdentityContext, type RequestMeta } from './context.ts';

/** Who signs in: the request's IP and trace, its User-Agent, and the device cookie it sent (if any). */
export interface SignInClient extends RequestMeta, SessionClient {
  device: string | null;
}

/** Admins cannot switch it off (issue 26): an admin account moves everyone's money. */
export const approvalApplies = (user: Pick<UserRow, 'role' | 'new_device_approval'>): boolean =>
  user.role === 'admin' || user.new_device_approval;

/**
 * Whether neither the device nor the network ever signed in to the account (the Login Alerts' notion of a new
 * source, decision 0065). An account's first sign-in has nothing to compare with: its device is known from the
 * start.
 */
export async function signsInFromSomewhereNew(
  db: Knex | Knex.Transaction,
  userId: string,
  client: Pick<SignInClient, 'ip' | 'device'>,
): Promise<boolean> {
  const fromDevice = deviceSource(client.device);
  const sources = fromDevice ? [ipSource(client.ip), fromDevice] : [ipSource(client.ip)];
  if ((await knownSources(db, userId, sources)).size > 0) return false;
  return (await knownSources(db, userId, null)).size > 0;
}

/** A password hash changed between the request and the approval voids it; only its SHA-256 is kept. */
export const passwordFingerprint = (user: Pick<UserRow, 'password_hash'>): string =>
  createHash('sha256').update(user.password_hash).digest('hex');

/** A new device cookie for a browser that sent none, so the approval is bound to this browser. */
export const deviceOf = (client: Pick<SignInClient, 'device'>): string =>
  client.device && DEVICE_ID.test(client.device) ? client.device : newOpaqueToken();

/**
 * Opens the wait: a row with two single-use tokens (the mailed link's, the waiting browser's), the mail's event,
 * and the device cookie the browser must keep.
 */
export async function requestDeviceApproval(
  ctx: IdentityContext,
  user: UserRow,
  client: SignInClient,
  countedSource: string,
  now: Date,
): Promise<{ approval: DeviceApprovalPending; device: string }> {
  const device = deviceOf(client);
  const approvalToken = newOpaqueToken();
  const waitToken = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + DEVICE_APPROVAL_MINUTES * 60_000);
  const described = describeDevice(client.userAgent, client.ip);
  await inTransaction(ctx, async (trx) => {
    await trx('device_approvals').insert({
      id: randomUUID(),
      user_id: user.id,
      approval_token_hash: hashToken(approvalToken),
      wait_token_hash: hashToken(waitToken),
      device_hash: hashToken(device),
      user_agent: client.userAgent,
      ip_address: client.ip,
      counted_source: countedSource,
      password_fingerprint: passwordFingerprint(user),
      requested_at: now,
      expires_at: expiresAt,
    });
    await ctx.events.emit(
      trx,
      'user.device_approval_requested',
      {
        userId: user.id,
        approvalToken,
        browser: described.browser,
        device: described.device,
        ipAddress: client.ip,
        place: described.place,
        requestedAt: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
      },
      { actorId: null, subjectId: user.id, traceparent: client.traceparent },
    );
  });
  return {
    approval: {
      deviceApproval: { waitToken, expiresAt: expiresAt.toISOString(), sentTo: maskEmail(user.email) },
    },
    device,
  };
}
