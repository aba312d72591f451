// The audit trail (spec entity audit_logs); fed by `audit.recorded` events from every service and kept as an
// append-only hash chain (decision 0066).
import { z } from '../zod.ts';
import { PageQuery, Timestamp, Uuid } from '../common.ts';

export const AuditAction = z.enum([
  'login',
  'deposit_approve',
  'deposit_reject',
  'deposit_assign',
  'deposit_assign_reject',
  'deposit_assign_conflict',
  'withdrawal_approve',
  'withdrawal_reject',
  'withdrawal_txid',
  'withdrawal_transfer_mismatch',
  'funding_transfer_mismatch',
  'user_edit',
  'user_ban',
  'user_unban',
  'user_password_reset',
  'user_freeze',
  'user_unfreeze',
  'balance_adjust',
  'balance_adjust_reject',
  'withdrawal_limit_raise',
  'withdrawal_limit_raise_reject',
  'plan_create',
  'plan_edit',
  'plan_delete',
  'plan_image_upload',
  'plan_disburse',
  'plan_proceeds',
  'reserve_contribute',
  'reserve_allocate',
  'reserve_allocate_approve',
  'plan_settle',
  'plan_settle_approve',
  'operator_create',
  'operator_edit',
  'key_information_publish',
  'field_report_publish',
  'settings_update',
  'kyc_approve',
  'kyc_reject',
  'wallet_update',
  'payment_methods_update',
  'notification_send',
  'ticket_status',
  'ticket_respond',
  'faq_create',
  'faq_edit',
  'faq_reorder',
  'data_export',
  'reserves_reconcile',
  'reserves_shortfall',
  'liabilities_proof_build',
]);
export type AuditAction = z.infer<typeof AuditAction>;

const Sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

export const AuditLog = z
  .object({
    id: Uuid,
    /** 1-based position in the chain. */
    position: z.number().int().min(1),
    adminId: Uuid,
    /** The admin's current name and email (null when the account no longer exists). */
    adminName: z.string().nullable(),
    adminEmail: z.string().nullable(),
    action: AuditAction,
    targetId: z.string().nullable(),
    targetType: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    ipAddress: z.string().nullable(),
    createdAt: Timestamp,
    /** sha256 of the entry's canonical form, and the previous entry's hash (64 zeros for the first). */
    hash: Sha256Hex,
    prevHash: Sha256Hex,
  })
  .openapi('AuditLog');
export type AuditLog = z.infer<typeof AuditLog>;

export const AuditLogQuery = PageQuery.extend({
  adminId: Uuid.optional(),
  action: AuditAction.optional(),
  targetType: z.string().max(50).optional(),
  targetId: z.string().max(100).optional(),
  from: z.iso.datetime({ offset: true, message: 'from must be an ISO date-time' }).optional(),
  to: z.iso.datetime({ offset: true, message: 'to must be an ISO date-time' }).optional(),
}).strict();
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

export const AuditLogPage = z
  .object({
    items: z.array(AuditLog),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .openapi('AuditLogPage');
export type AuditLogPage = z.infer<typeof AuditLogPage>;

export const AuditAdmin = z.object({ id: Uuid, name: z.string(), email: z.string() }).openapi('AuditAdmin');
export type AuditAdmin = z.infer<typeof AuditAdmin>;

export const AuditAdminList = z.array(AuditAdmin).openapi('AuditAdminList');

export const AuditChainBreak = z
  .object({
    id: Uuid,
    /** The position the entry holds in the chain. */
    position: z.number().int(),
    /** sequence: an entry before it is missing or moved; link: its previous hash is wrong; content: edited. */
    problem: z.enum(['sequence', 'link', 'content']),
    expected: z.string(),
    found: z.string(),
  })
  .openapi('AuditChainBreak');

export const AuditChainVerification = z
  .object({
    ok: z.boolean(),
    /** Entries verified from the first one (all of them when ok, those before the break otherwise). */
    verified: z.number().int(),
    /** The hash of the last verified entry. */
    headHash: Sha256Hex,
    firstBroken: AuditChainBreak.nullable(),
    checkedAt: Timestamp,
  })
  .openapi('AuditChainVerification');
export type AuditChainVerification = z.infer<typeof AuditChainVerification>;

/**
 * `cmd.identity.audit-entry` (the plans service's field-report verification): one entry by id, and whether it still
 * holds its place in the chain — its fields give its hash, it links to the entry before it, and the entry after it
 * links to it. `entry` null: not in the log (yet).
 */
export const IDENTITY_AUDIT_ENTRY_SUBJECT = 'cmd.identity.audit-entry';
export const AuditEntryQuery = z.object({ id: Uuid }).strict();
export type AuditEntryQuery = z.infer<typeof AuditEntryQuery>;
export const AuditEntryAnswer = z.object({
  entry: z
    .object({
      id: Uuid,
      position: z.number().int().min(1),
      action: z.string(),
      targetId: z.string().nullable(),
      targetType: z.string().nullable(),
      details: z.record(z.string(), z.unknown()),
      hash: Sha256Hex,
      intact: z.boolean(),
    })
    .nullable(),
});
export type AuditEntryAnswer = z.infer<typeof AuditEntryAnswer>;
