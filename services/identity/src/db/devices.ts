// Trusted devices and the sign-ins waiting for a mailed approval (docs/decisions/0100-new-device-approval.md).
import { randomUUID } from 'node:crypto';
import type { DeviceTrustedBy } from '@cropvest/contracts';
import { pageOf, type Knex, type Page } from '@cropvest/service-kit/db';
import type { SessionClient } from './sessions.ts';

export interface TrustedDeviceRow {
  id: string;
  user_id: string;
  device_hash: string;
  user_agent: string | null;
  ip_address: string | null;
  trusted_by: DeviceTrustedBy;
  trusted_at: Date;
  last_seen_at: Date;
  /** Open sessions signed in from it (the listing counts them). */
  active_sessions: number;
}

/** Trusts a device, or, when it is already, notes that it was seen again (its browser and address now). */
export async function trustDevice(
  trx: Knex.Transaction,
  userId: string,
  deviceHash: string,
  client: SessionClient,
  trustedBy: DeviceTrustedBy,
): Promise<void> {
  await trx('trusted_devices')
    .insert({
      id: randomUUID(),
      user_id: userId,
      device_hash: deviceHash,
      user_agent: client.userAgent,
      ip_address: client.ip,
      trusted_by: trustedBy,
    })
    .onConflict(['user_id', 'device_hash'])
    .merge({ user_agent: client.userAgent, ip_address: client.ip, last_seen_at: trx.fn.now() });
}

/** One user's trusted devices, last seen first, each with its open sessions counted. */
export function pageTrustedDevices(
  db: Knex,
  userId: string,
  page: { page: number; pageSize: number },
): Promise<Page<TrustedDeviceRow>> {
  const openSessions = db('sessions')
    .whereRaw('sessions.user_id = trusted_devices.user_id')
    .whereRaw('sessions.device_hash = trusted_devices.device_hash')
    .whereNull('revoked_at')
    .where('expires_at', '>', db.fn.now())
    .count('*');
  return pageOf<TrustedDeviceRow>(
    db('trusted_devices')
      .where({ user_id: userId })
      .select('trusted_devices.*', db.raw('(?)::int AS active_sessions', [openSessions]))
      .orderBy([
        { column: 'last_seen_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]),
    page,
  );
}

export const findTrustedDevice = (
  trx: Knex.Transaction,
  userId: string,
  id: string,
): Promise<TrustedDeviceRow | undefined> =>
  trx<TrustedDeviceRow>('trusted_devices').where({ user_id: userId, id }).forUpdate().first();

/** The open sessions signed in from one device. */
export const sessionsOfDevice = async (
  trx: Knex.Transaction,
  userId: string,
  deviceHash: string,
): Promise<string[]> =>
  (await trx('sessions')
    .where({ user_id: userId, device_hash: deviceHash })
    .whereNull('revoked_at')
    .pluck('id')) as string[];

/** A refresh from a session marks its device as seen. */
export async function touchDeviceOfSession(trx: Knex.Transaction, sessionId: string): Promise<void> {
  await trx.raw(
    `UPDATE trusted_devices d SET last_seen_at = now()
       FROM sessions s
      WHERE s.id = ? AND d.user_id = s.user_id AND d.device_hash = s.device_hash`,
    [sessionId],
  );
}

export interface DeviceApprovalRow {
  id: string;
  user_id: string;
  device_hash: string;
  user_agent: string | null;
  ip_address: string | null;
  counted_source: string;
  password_fingerprint: string;
  requested_at: Date;
  expires_at: Date;
  approved_at: Date | null;
  denied_at: Date | null;
  claimed_at: Date | null;
}

export const lockApprovalBy = (
  trx: Knex.Transaction,
  column: 'approval_token_hash' | 'wait_token_hash',
  tokenHash: string,
): Promise<DeviceApprovalRow | undefined> =>
  trx<DeviceApprovalRow>('device_approvals').where(column, tokenHash).forUpdate().first();

export const findApprovalBy = (
  db: Knex,
  column: 'approval_token_hash' | 'wait_token_hash',
  tokenHash: string,
): Promise<DeviceApprovalRow | undefined> =>
  db<DeviceApprovalRow>('device_approvals').where(column, tokenHash).first();

/** Every sign-in still waiting for this account's approval is refused (the account was frozen). */
export async function refusePendingApprovals(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx('device_approvals')
    .where({ user_id: userId })
    .whereNull('approved_at')
    .whereNull('denied_at')
    .update({ denied_at: trx.fn.now() });
}
