// Words for the audit trail: each action as an admin reads it, who acted (an admin, or the chain's system actor
// that credits the deposits it verified), and what a broken chain means.
import type { AuditAction, AuditChainVerification, AuditLog } from '@cropvest/contracts/identity/audit';
import { CHAIN_ACTOR_ID, CHAIN_ACTOR_NAME } from '@cropvest/contracts/chain/networks';
import type { AuditTrailMessageId, useAuditTrailMessages } from './messages/catalogue.ts';

export const ACTION_MESSAGES: Record<AuditAction, AuditTrailMessageId> = {
  login: 'auditTrail.action.login',
  deposit_approve: 'auditTrail.action.depositApprove',
  deposit_reject: 'auditTrail.action.depositReject',
  deposit_assign: 'auditTrail.action.depositAssign',
  deposit_assign_reject: 'auditTrail.action.depositAssignReject',
  deposit_assign_conflict: 'auditTrail.action.depositAssignConflict',
  withdrawal_approve: 'auditTrail.action.withdrawalApprove',
  withdrawal_reject: 'auditTrail.action.withdrawalReject',
  withdrawal_txid: 'auditTrail.action.withdrawalTxid',
  withdrawal_transfer_mismatch: 'auditTrail.action.withdrawalTransferMismatch',
  funding_transfer_mismatch: 'auditTrail.action.fundingTransferMismatch',
  user_edit: 'auditTrail.action.userEdit',
  user_ban: 'auditTrail.action.userBan',
  user_unban: 'auditTrail.action.userUnban',
  user_freeze: 'auditTrail.action.userFreeze',
  user_unfreeze: 'auditTrail.action.userUnfreeze',
  user_password_reset: 'auditTrail.action.userPasswordReset',
  balance_adjust: 'auditTrail.action.balanceAdjust',
  balance_adjust_reject: 'auditTrail.action.balanceAdjustReject',
  withdrawal_limit_raise: 'auditTrail.action.withdrawalLimitRaise',
  withdrawal_limit_raise_reject: 'auditTrail.action.withdrawalLimitRaiseReject',
  plan_create: 'auditTrail.action.planCreate',
  plan_edit: 'auditTrail.action.planEdit',
  plan_delete: 'auditTrail.action.planDelete',
  plan_image_upload: 'auditTrail.action.planImageUpload',
  plan_disburse: 'auditTrail.action.planDisburse',
  plan_proceeds: 'auditTrail.action.planProceeds',
  reserve_contribute: 'auditTrail.action.reserveContribute',
  reserve_allocate: 'auditTrail.action.reserveAllocate',
  reserve_allocate_approve: 'auditTrail.action.reserveAllocateApprove',
  plan_settle: 'auditTrail.action.planSettle',
  plan_settle_approve: 'auditTrail.action.planSettleApprove',
  operator_create: 'auditTrail.action.operatorCreate',
  operator_edit: 'auditTrail.action.operatorEdit',
  key_information_publish: 'auditTrail.action.keyInformationPublish',
  field_report_publish: 'auditTrail.action.fieldReportPublish',
  settings_update: 'auditTrail.action.settingsUpdate',
  kyc_approve: 'auditTrail.action.kycApprove',
  kyc_reject: 'auditTrail.action.kycReject',
  wallet_update: 'auditTrail.action.walletUpdate',
  payment_methods_update: 'auditTrail.action.paymentMethodsUpdate',
  notification_send: 'auditTrail.action.notificationSend',
  ticket_status: 'auditTrail.action.ticketStatus',
  ticket_respond: 'auditTrail.action.ticketRespond',
  faq_create: 'auditTrail.action.faqCreate',
  faq_edit: 'auditTrail.action.faqEdit',
  faq_reorder: 'auditTrail.action.faqReorder',
  data_export: 'auditTrail.action.dataExport',
  reserves_reconcile: 'auditTrail.action.reservesReconcile',
  reserves_shortfall: 'auditTrail.action.reservesShortfall',
  liabilities_proof_build: 'auditTrail.action.liabilitiesProofBuild',
};

export const ACTIONS = Object.keys(ACTION_MESSAGES) as AuditAction[];

type Text = ReturnType<typeof useAuditTrailMessages>['text'];

/** An action as an admin reads it; an action this build does not know yet shows as the server names it. */
export const actionLabel = (action: AuditAction, text: Text): string =>
  (ACTION_MESSAGES as Partial<Record<string, AuditTrailMessageId>>)[action] === undefined
    ? action
    : text(ACTION_MESSAGES[action]);

type Problem = NonNullable<AuditChainVerification['firstBroken']>['problem'];

export const PROBLEM_MESSAGES: Record<Problem, AuditTrailMessageId> = {
  sequence: 'auditTrail.problem.sequence',
  link: 'auditTrail.problem.link',
  content: 'auditTrail.problem.content',
};

/** "3f2a…9c1d": enough of a hash or id to recognise it; the dialog shows it whole. */
export const shortHash = (value: string) => `${value.slice(0, 8)}…${value.slice(-6)}`;

/** True for an entry the chain made (a deposit it verified and credited, or refused), not an admin. */
export const bySystem = (entry: Pick<AuditLog, 'adminId'>): boolean => entry.adminId === CHAIN_ACTOR_ID;

/** Who acted: the chain's name for its entries, the admin's name, or 'Unknown User' for an account now gone. */
export const actorName = (entry: Pick<AuditLog, 'adminId' | 'adminName'>, text: Text): string =>
  bySystem(entry) ? CHAIN_ACTOR_NAME : (entry.adminName ?? text('auditTrail.actor.unknown'));

/** The line under the name: the admin's email, what the chain is, or the id of an account now gone. */
export const actorDetail = (entry: Pick<AuditLog, 'adminId' | 'adminEmail'>, text: Text): string =>
  bySystem(entry) ? text('auditTrail.actor.system') : (entry.adminEmail ?? entry.adminId);

/** The chain as a choice of the trail's "Admin" filter, after the admins. */
export const SYSTEM_ACTOR_OPTION = { value: CHAIN_ACTOR_ID, label: CHAIN_ACTOR_NAME };
