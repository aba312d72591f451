// The audit trail (spec entity audit_logs); fed by `audit.recorded` events from every service.
import { z } from './zod.ts';
import { PageQuery, Timestamp, Uuid } from './common.ts';

export const AuditAction = z.enum([
  'login',
  'deposit_approve',
  'deposit_reject',
  'withdrawal_approve',
  'withdrawal_reject',
  'user_edit',
  'user_ban',
  'user_unban',
  'user_password_reset',
  'balance_adjust',
  'plan_create',
  'plan_edit',
  'plan_delete',
  'plan_image_upload',
  'settings_update',
  'kyc_approve',
  'kyc_reject',
  'wallet_update',
  'notification_send',
  'ticket_status',
  'ticket_respond',
  'faq_create',
  'faq_edit',
  'faq_reorder',
]);
export type AuditAction = z.infer<typeof AuditAction>;

export const AuditLog = z
  .object({
    id: Uuid,
    adminId: Uuid,
    action: AuditAction,
    targetId: z.string().nullable(),
    targetType: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    ipAddress: z.string().nullable(),
    createdAt: Timestamp,
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
