// Words for the audit trail: each action as an admin reads it, who acted (an admin, or the chain's system actor
// that credits the deposits it verified), and what a broken chain means.
import type { AuditAction, AuditChainVerification, AuditLog } from '@cropvest/contracts/identity/audit';
import { CHAIN_ACTOR_ID, CHAIN_ACTOR_NAME } from '@cropvest/contracts/chain/networks';
import { formatCount, plural } from '@cropvest/ui/format';

export const ACTION_LABELS: Record<AuditAction, string> = {
  login: 'Sign-in',
  deposit_approve: 'Deposit approved',
  deposit_reject: 'Deposit rejected',
  deposit_assign: 'Unmatched transfer assigned',
  deposit_assign_reject: 'Transfer assignment rejected',
  deposit_assign_conflict: 'Assigned transfer already credited',
  withdrawal_approve: 'Withdrawal approved',
  withdrawal_reject: 'Withdrawal rejected',
  withdrawal_txid: 'Payout transaction id given',
  withdrawal_transfer_mismatch: 'Payout does not match its withdrawal',
  funding_transfer_mismatch: 'Transfer does not match its disbursement, proceeds or contribution',
  user_edit: 'User edited',
  user_ban: 'User banned',
  user_unban: 'User unbanned',
  user_freeze: 'Account frozen',
  user_unfreeze: 'Account unfrozen',
  user_password_reset: 'Password reset link',
  balance_adjust: 'Balance adjusted',
  balance_adjust_reject: 'Balance adjustment rejected',
  withdrawal_limit_raise: 'Withdrawal limits raised',
  withdrawal_limit_raise_reject: 'Withdrawal limit raise rejected',
  plan_create: 'Plan created',
  plan_edit: 'Plan edited',
  plan_delete: 'Plan deleted',
  plan_image_upload: 'Plan image uploaded',
  plan_disburse: 'Principal disbursed to the operator',
  plan_proceeds: 'Harvest proceeds recorded',
  reserve_contribute: 'Reserve fund contribution recorded',
  reserve_allocate: 'Reserve allocated to a plan',
  reserve_allocate_approve: 'Reserve allocation decided',
  plan_settle: 'Plan settlement proposed',
  plan_settle_approve: 'Plan settlement decided',
  operator_create: 'Operator recorded',
  operator_edit: 'Operator edited',
  key_information_publish: 'Key information published',
  field_report_publish: 'Field report published',
  settings_update: 'Settings saved',
  kyc_approve: 'KYC approved',
  kyc_reject: 'KYC rejected',
  wallet_update: 'Wallet address set',
  payment_methods_update: 'Payment methods changed',
  notification_send: 'Notification sent',
  ticket_status: 'Ticket status changed',
  ticket_respond: 'Ticket answered',
  faq_create: 'FAQ entry added',
  faq_edit: 'FAQ entry edited',
  faq_reorder: 'FAQ reordered',
  data_export: 'Data exported',
  reserves_reconcile: 'Reserves reconciled',
  reserves_shortfall: 'Reserves below liabilities',
  liabilities_proof_build: 'Proof of liabilities built',
};

export const ACTIONS = Object.keys(ACTION_LABELS) as AuditAction[];

type Problem = NonNullable<AuditChainVerification['firstBroken']>['problem'];

export const PROBLEM_LABELS: Record<Problem, string> = {
  sequence: 'an entry before it is missing or out of place',
  link: "its link to the previous entry does not match that entry's hash",
  content: 'its content was changed after it was recorded',
};

/** "3f2a…9c1d": enough of a hash or id to recognise it; the dialog shows it whole. */
export const shortHash = (value: string) => `${value.slice(0, 8)}…${value.slice(-6)}`;

/** True for an entry the chain made (a deposit it verified and credited, or refused), not an admin. */
export const bySystem = (entry: Pick<AuditLog, 'adminId'>): boolean => entry.adminId === CHAIN_ACTOR_ID;

/** The verified banner's headline, by plural rules ("All 1 entries verify" read wrong). */
export const verifiedHeadline = (verified: number): string =>
  plural(verified, {
    one: `The ${formatCount(verified)} entry verifies`,
    other: `All ${formatCount(verified)} entries verify`,
  });

/** What a break says of the entries before it, by plural rules. */
export const verifiedBefore = (verified: number): string =>
  plural(verified, {
    one: `The ${formatCount(verified)} entry before it verifies.`,
    other: `The ${formatCount(verified)} entries before it verify.`,
  });

/** Who acted: the chain's name for its entries, the admin's name, or 'Unknown User' for an account now gone. */
export const actorName = (entry: Pick<AuditLog, 'adminId' | 'adminName'>): string =>
  bySystem(entry) ? CHAIN_ACTOR_NAME : (entry.adminName ?? 'Unknown User');

/** The line under the name: the admin's email, what the chain is, or the id of an account now gone. */
export const actorDetail = (entry: Pick<AuditLog, 'adminId' | 'adminEmail'>): string =>
  bySystem(entry) ? 'System: no account, no sign-in' : (entry.adminEmail ?? entry.adminId);

/** The chain as a choice of the trail's "Admin" filter, after the admins. */
export const SYSTEM_ACTOR_OPTION = { value: CHAIN_ACTOR_ID, label: CHAIN_ACTOR_NAME };
