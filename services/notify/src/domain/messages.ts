// The texts a user reads when something happens to their money, identity check or ticket. Pure: event
// data in, a notification (and what kind of mail opt-in it falls under) out.
import {
  MoneyDecimal,
  type FieldReportStage,
  NETWORK_LABELS,
  type NetworkType,
  ticketStatusLabel,
  type NotificationPreferences,
  type NotificationType,
  type SecurityAlertKind,
  type TicketStatus,
} from '@cropvest/contracts';

export interface NotificationText {
  type: NotificationType;
  title: string;
  message: string;
  /** The preference that must be on (besides `email`) for this to be mailed; null: only `email`. */
  mailFlag: Exclude<keyof NotificationPreferences, 'email' | 'push' | 'weekly'> | null;
  /** Security notices are mailed whatever the preferences and the platform switch say. */
  always?: true;
  /** A page of the investor area the mail links to (a path under the public address), with what it is for. */
  action?: { label: string; path: string };
}

/** Amounts are shown with 2 decimals (spec section 9), rounded half-even like every amount here. */
export const usdt = (amount: string): string => `${new MoneyDecimal(amount).toFixed(2)} USDT`;

/** Long addresses are shortened as on the admin screens: first 10 characters, an ellipsis, last 6. */
export const shortAddress = (address: string): string =>
  address.length > 20 ? `${address.slice(0, 10)}…${address.slice(-6)}` : address;

export const excerpt = (text: string, max: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

const reason = (text: string | null | undefined): string =>
  text && text.trim() ? ` Reason: ${excerpt(text, 500)}` : '';

export const ticketResponded = (d: { subject: string; response: string }): NotificationText => ({
  type: 'general',
  title: 'Support replied to your ticket',
  message: `We answered your ticket "${excerpt(d.subject, 100)}": ${excerpt(d.response, 1200)}`,
  mailFlag: null,
});

export const ticketStatusChanged = (d: { subject: string; to: TicketStatus }): NotificationText => ({
  type: 'general',
  title: 'Ticket status updated',
  message: `Your ticket "${excerpt(d.subject, 100)}" is now ${ticketStatusLabel(d.to)}.`,
  mailFlag: null,
});

/**
 * Credited by an admin, or by the chain once it verified the transaction (decision 0080); then the amount is what
 * the transaction moved, and the investor is told when it differs from what they typed.
 */
export const depositApproved = (d: {
  amount: string;
  creditedBy?: 'chain' | 'admin';
  network?: NetworkType;
  claimedAmount?: string | null;
}): NotificationText => {
  const difference = d.claimedAmount
    ? ` You entered ${usdt(d.claimedAmount)}; the transaction moved ${usdt(d.amount)}, which is what was credited.`
    : '';
  return d.creditedBy === 'chain'
    ? {
        type: 'deposit',
        title: 'Deposit credited',
        message: `Your deposit of ${usdt(d.amount)} was verified on ${NETWORK_LABELS[d.network ?? 'TRC20']} and added to your available balance.${difference}`,
        mailFlag: 'deposits',
      }
    : {
        type: 'deposit',
        title: 'Deposit approved',
        message: `Your deposit of ${usdt(d.amount)} has been approved and added to your available balance.${difference}`,
        mailFlag: 'deposits',
      };
};

export const depositRejected = (d: {
  amount: string;
  rejectionReason?: string | null;
}): NotificationText => ({
  type: 'deposit',
  title: 'Deposit rejected',
  message: `Your deposit of ${usdt(d.amount)} was rejected.${reason(d.rejectionReason)} Please contact support if you have questions.`,
  mailFlag: 'deposits',
});

export const withdrawalApproved = (d: {
  amount: string;
  walletAddress?: string;
  txid?: string | null;
}): NotificationText => ({
  type: 'withdrawal',
  title: 'Withdrawal approved',
  message:
    `Your withdrawal of ${usdt(d.amount)}${d.walletAddress ? ` to ${shortAddress(d.walletAddress)}` : ''} has been approved and sent.` +
    (d.txid && d.txid.trim() ? ` Transaction ID: ${d.txid.trim()}` : ''),
  mailFlag: null,
});

export const withdrawalRejected = (d: {
  amount: string;
  rejectionReason?: string | null;
}): NotificationText => ({
  type: 'withdrawal',
  title: 'Withdrawal rejected',
  message: `Your withdrawal of ${usdt(d.amount)} was rejected and the amount returned to your available balance.${reason(d.rejectionReason)}`,
  mailFlag: null,
});

export const kycReviewed = (d: {
  status: 'approved' | 'rejected';
  rejectionReason?: string | null;
}): NotificationText =>
  d.status === 'approved'
    ? {
        type: 'security',
        title: 'Identity verified',
        message: 'Your identity has been verified. You have full access to all platform features.',
        mailFlag: null,
      }
    : {
        type: 'security',
        title: 'KYC submission rejected',
        message: `Your KYC submission was rejected.${reason(d.rejectionReason)} You may correct it and submit again, or contact support for assistance.`,
        mailFlag: null,
      };

export const investmentCreated = (d: {
  principal: string;
  planTitle?: string;
  slotsPurchased?: number;
}): NotificationText => ({
  type: 'investment',
  title: 'Investment confirmed',
  message: `Your investment of ${usdt(d.principal)}${d.planTitle ? ` in ${excerpt(d.planTitle, 100)}` : ''} is active and earning daily interest until harvest.`,
  mailFlag: 'investment',
});

export const investmentFailed = (d: { principal: string; reason: string }): NotificationText => ({
  type: 'investment',
  title: 'Investment not completed',
  message: `Your investment of ${usdt(d.principal)} could not be completed: ${excerpt(d.reason, 300).replace(/[.!]+$/, '')}. Nothing was taken from your balance and the slots were released.`,
  mailFlag: 'investment',
});

/**
 * A plan's harvest, told once per investor with the totals of their investments in it (decision 0134). A settled
 * plan (docs/decisions/0091) pays less than was due: the message says how much was paid, what was due and the
 * realised loss, so a partial payout is explained where the investor reads it.
 */
export const harvestPaid = (d: {
  principal: string;
  interest: string;
  shortfall: string;
}): NotificationText => {
  const shortfall = new MoneyDecimal(d.shortfall);
  if (shortfall.isZero())
    return {
      type: 'investment',
      title: 'Harvest paid',
      message: `Your crop season has been harvested: ${usdt(d.principal)} principal and ${usdt(d.interest)} interest were added to your available balance.`,
      mailFlag: 'harvests',
    };
  const due = new MoneyDecimal(d.principal).plus(d.interest);
  return {
    type: 'investment',
    title: 'Harvest settled with a loss',
    message: `The season's proceeds did not cover what was due, and the payout was settled: ${usdt(due.minus(shortfall).toFixed(8))} of the ${usdt(due.toFixed(8))} due (principal and interest) was added to your available balance. The remaining ${usdt(shortfall.toFixed(8))} is a realised loss, shown on the investment in My Investments.`,
    mailFlag: null,
    always: true,
  };
};

/** A funded plan's proceeds fell short at harvest: its investors' payouts wait for an admin's settlement. */
export const payoutUnderReview = (d: { planTitle: string }): NotificationText => ({
  type: 'investment',
  title: `Payout under review: ${excerpt(d.planTitle, 120)}`,
  message: `The harvest proceeds of "${excerpt(d.planTitle, 200)}" do not yet cover what is due to its investors. Your payout is under review: the platform may allocate its reserve, postpone the payout or settle it pro rata. Your investment stays in My Investments meanwhile.`,
  mailFlag: null,
  always: true,
});

/** A review postponed a funded plan's payout to a later day. */
export const investmentCancelled = (d: { planTitle: string; principal: string }): NotificationText => ({
  type: 'investment',
  title: 'Investment cancelled',
  message: `Your investment in "${excerpt(d.planTitle, 200)}" was cancelled within its four days to reconsider: ${usdt(d.principal)} principal is back in your available balance, in full.`,
  mailFlag: 'investment',
});

export const payoutPostponed = (d: { planTitle: string; until: string }): NotificationText => ({
  type: 'investment',
  title: `Payout postponed: ${excerpt(d.planTitle, 120)}`,
  message: `The payout of "${excerpt(d.planTitle, 200)}" was postponed to ${d.until}, when it is reviewed again. No interest accrues after the original harvest date.`,
  mailFlag: null,
  always: true,
});

const STAGE_WORDS: Record<FieldReportStage, string> = {
  planted: 'planted',
  growing: 'growing',
  flowering: 'flowering',
  pre_harvest: 'before harvest',
  harvested: 'harvested',
  adverse_event: 'adverse event',
};

/**
 * A field report on a plan the user invested in. An adverse event is mailed whatever the mail preferences: it is
 * material to an investor's money, like a security notice to an account (docs/decisions/0093-field-reports.md).
 */
export const fieldReportPublished = (d: {
  planTitle: string;
  stage: FieldReportStage;
  adverse: boolean;
}): NotificationText =>
  d.adverse
    ? {
        type: 'investment',
        title: `Adverse event reported: ${excerpt(d.planTitle, 120)}`,
        message: `A field report on "${excerpt(d.planTitle, 200)}" describes an adverse event that may affect the harvest. Read it on the plan's timeline in My Investments.`,
        mailFlag: null,
        always: true,
      }
    : {
        type: 'investment',
        title: `Field report: ${excerpt(d.planTitle, 120)}`,
        message: `A new field report on "${excerpt(d.planTitle, 200)}" (${STAGE_WORDS[d.stage]}) is on the plan's timeline in My Investments.`,
        mailFlag: 'investment',
      };

/** Whether a user's choices (and the platform switch) let a notification of this kind be mailed. */
export function shouldMail(
  platformEmailOn: boolean,
  preferences: NotificationPreferences,
  text: Pick<NotificationText, 'mailFlag' | 'always'>,
): boolean {
  if (text.always) return true;
  if (!platformEmailOn || !preferences.email) return false;
  return text.mailFlag === null || preferences[text.mailFlag];
}

const utc = (iso: string): string => new Date(iso).toUTCString();
const from = (ip: string | null | undefined): string => (ip ? ` from ${ip}` : '');

/** What the owner of an account is told when its password changes or its sign-ins are under attack. */
export function securityAlert(d: {
  kind: SecurityAlertKind;
  ipAddress?: string | null;
  userAgent?: string | null;
  failures?: number | null;
  lockedUntil?: string | null;
  device?: string | null;
  by?: 'owner' | 'admin' | null;
}): NotificationText {
  const notice = { type: 'security', mailFlag: null, always: true } as const;
  const device = d.device ?? 'A device';
  if (d.kind === 'device_approved')
    return {
      ...notice,
      title: 'New device trusted',
      message: `${device}${from(d.ipAddress)} was approved from the link in your email and can now sign in to your account. If this was not you, freeze your account at once and contact support.`,
    };
  if (d.kind === 'device_removed')
    return {
      ...notice,
      title: 'Trusted device removed',
      message: `${device} was removed from your trusted devices${from(d.ipAddress)} and signed out. Its next sign-in from a network you have not used needs your approval again.`,
    };
  if (d.kind === 'device_approval_switched_off')
    return {
      ...notice,
      title: 'New-device approval switched off',
      message: `Sign-ins from devices and networks your account has not used no longer wait for your approval${from(d.ipAddress)}. If this was not you, change your password and switch it on again in Profile & Settings, Security.`,
    };
  if (d.kind === 'device_approval_switched_on')
    return {
      ...notice,
      title: 'New-device approval switched on',
      message: `Sign-ins from devices and networks your account has not used now wait for your approval from a link we mail you${from(d.ipAddress)}.`,
    };
  if (d.kind === 'account_frozen')
    return {
      ...notice,
      title: 'Your account is frozen',
      message:
        d.by === 'admin'
          ? 'An administrator froze your account: every session was signed out, and sign-ins and withdrawals are stopped. Please contact support.'
          : `Your account was frozen${from(d.ipAddress)}: every session was signed out, and sign-ins and withdrawals are stopped. To unfreeze it, choose "Unfreeze my account" on the sign-in page; you will need your password, your second factor if you set one up, and a link we mail you.`,
    };
  if (d.kind === 'account_unfrozen')
    return {
      ...notice,
      title: 'Your account is unfrozen',
      message: `Your account was unfrozen${d.by === 'admin' ? ' by an administrator' : from(d.ipAddress)}. You can sign in again; new withdrawals stay on hold for a while. If this was not you, freeze it again at once and contact support.`,
    };
  if (d.kind === 'password_changed')
    return {
      ...notice,
      title: 'Your password was changed',
      message: `The password of your account was changed${from(d.ipAddress)}. Every other session was signed out. If this was not you, reset your password at once and contact support.`,
    };
  if (d.kind === 'password_reset')
    return {
      ...notice,
      title: 'Your password was reset',
      message: `The password of your account was reset with a mailed link${from(d.ipAddress)}. Every session was signed out, and new withdrawals are on hold for a while. If this was not you, reset your password again at once and contact support.`,
    };
  if (d.kind === 'two_factor_enabled')
    return {
      ...notice,
      title: 'Two-factor authentication turned on',
      message: `Two-factor authentication was turned on for your account${from(d.ipAddress)}. Signing in now asks for a code from your authenticator app. If this was not you, contact support at once.`,
    };
  if (d.kind === 'two_factor_disabled')
    return {
      ...notice,
      title: 'Two-factor authentication turned off',
      message: `Two-factor authentication was turned off for your account${from(d.ipAddress)}. If this was not you, change your password and contact support at once.`,
    };
  if (d.kind === 'new_sign_in')
    return {
      ...notice,
      title: 'New sign-in to your account',
      message: `Your account was signed in to${from(d.ipAddress)}${d.userAgent ? ` with ${d.userAgent.slice(0, 200)}` : ''}, a device and network it had not used before. If this was you, there is nothing to do. If not, change your password and sign out the other sessions in Profile & Settings, Security.`,
    };
  const until = d.lockedUntil ? ` until ${utc(d.lockedUntil)}` : '';
  if (d.kind === 'sign_in_source_locked')
    return {
      ...notice,
      title: 'Repeated failed sign-ins',
      message: `${d.failures ?? 'Several'} failed attempts were made to sign in to your account${from(d.ipAddress)}. Sign-ins from there are paused${until}; your own devices are not affected. If this was not you, consider changing your password.`,
    };
  return {
    ...notice,
    title: 'Your account is locked against unknown sign-ins',
    message: `${d.failures ?? 'Many'} failed sign-in attempts from several places reached the limit. Every session was signed out, and${until} only devices and networks you signed in from before can sign in. If this was not you, change your password.`,
  };
}

/** A sign-in from somewhere new waits for the owner (decision 0100): the mail carries the link to decide. */
export const deviceApprovalRequested = (d: {
  browser: string;
  device: string;
  ipAddress: string | null;
  place: string;
  requestedAt: string;
  expiresAt: string;
  approvalToken: string;
}): NotificationText => ({
  type: 'security',
  title: 'Approve a sign-in from a new device',
  message: `Someone signed in to your account with the right password from ${d.browser} on ${d.device}${from(d.ipAddress)} (${d.place}) at ${utc(d.requestedAt)}, a device and network your account has not used. The sign-in waits for your approval until ${utc(d.expiresAt)}. If it was not you, refuse it and change your password.`,
  mailFlag: null,
  always: true,
  action: {
    label: 'Approve or refuse this sign-in',
    path: `/approve-device?token=${encodeURIComponent(d.approvalToken)}`,
  },
});

/** The account's sign-in address changed: said in the app, and mailed to the address it had before. */
export const emailChanged = (d: { previousEmail: string; newEmail: string }): NotificationText => ({
  type: 'security',
  title: 'Your email address was changed',
  message: `The email address of your account was changed from ${d.previousEmail} to ${d.newEmail}, confirmed from a link mailed to the new address. You sign in with ${d.newEmail} from now on. If this was not you, contact support at once.`,
  mailFlag: null,
  always: true,
});

/** An admin raised the investor's withdrawal limits (decision 0099): a security notice, since it moves what may leave. */
export const withdrawalLimitsRaised = (d: {
  dailyLimit: string;
  monthlyLimit: string;
}): NotificationText => ({
  type: 'security',
  title: 'Your withdrawal limits were raised',
  message: `Your withdrawal limits are now ${usdt(d.dailyLimit)} in 24 hours and ${usdt(d.monthlyLimit)} in 30 days. If you did not ask for this, contact support at once.`,
  mailFlag: null,
  always: true,
  action: { label: 'See your limits', path: '/investor/withdraw' },
});

/** Where an investor's withdrawal addresses are listed, each still cooling down with its Cancel button. */
export const ADDRESS_BOOK_PATH = '/investor/profile?tab=addresses';

/** A new withdrawal address (decision 0097): told at once, with where to cancel it before it can be used. */
export const addressBookEntryAdded = (d: {
  label: string;
  address: string;
  usableFrom: string;
}): NotificationText => ({
  type: 'security',
  title: 'New withdrawal address saved',
  message: `The withdrawal address "${excerpt(d.label, 60)}" (${d.address}, TRC-20) was saved to your address book. It can be used from ${utc(d.usableFrom)}. If this was not you, cancel it under Profile & Settings, Withdrawal Addresses, change your password and contact support at once.`,
  mailFlag: null,
  always: true,
  action: { label: 'Cancel it or review your addresses', path: ADDRESS_BOOK_PATH },
});

/** "Whitelisted addresses only" switched off: it stays on until the cool-down passes, so there is time to react. */
export const whitelistSwitchedOff = (d: { effectiveAt: string }): NotificationText => ({
  type: 'security',
  title: 'Whitelisted addresses only is being switched off',
  message: `Withdrawals to addresses outside your address book were asked for. Whitelisted addresses only stays on until ${utc(d.effectiveAt)}. If this was not you, switch it on again under Profile & Settings, Withdrawal Addresses, change your password and contact support at once.`,
  mailFlag: null,
  always: true,
  action: { label: 'Keep it on or review your addresses', path: ADDRESS_BOOK_PATH },
});

/** The anti-phishing code set, changed or removed (decision 0098): the mail itself shows the code now in force. */
export const antiPhishingCodeChanged = (d: {
  code: string | null;
  ipAddress: string | null;
}): NotificationText => ({
  type: 'security',
  title: d.code === null ? 'Anti-phishing code removed' : 'Anti-phishing code set',
  message:
    d.code === null
      ? `The anti-phishing code of your account was removed${from(d.ipAddress)}; our mails no longer start with it. If this was not you, change your password and contact support at once.`
      : `The anti-phishing code of your account was set${from(d.ipAddress)}. Every mail from us starts with it from now on; a mail without it is not from us. If this was not you, change your password and contact support at once.`,
  mailFlag: null,
  always: true,
});
