// Mail texts. Plain text only: nothing a user typed can become markup in someone's mail client.
import { antiPhishingLine, BRAND_NAME } from '@cropvest/contracts';

export interface MailText {
  subject: string;
  body: string;
}

export function passwordResetMail(input: {
  name: string;
  token: string;
  expiresAt: string;
  publicUrl: string;
}): MailText {
  const link = `${input.publicUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(input.token)}`;
  const expires = new Date(input.expiresAt).toUTCString();
  return {
    subject: `Reset your ${BRAND_NAME} password`,
    body: [
      `Hello ${input.name},`,
      '',
      `A password reset was requested for your ${BRAND_NAME} account. Open this link to choose a new password:`,
      '',
      link,
      '',
      `The link works once and expires on ${expires}.`,
      'If you did not expect this, you can ignore this mail; your password stays as it is.',
      '',
      `The ${BRAND_NAME} team`,
    ].join('\n'),
  };
}

/** Sent to the new address only: opening the link proves the person who asked can read it. */
export function emailChangeMail(input: {
  name: string;
  newEmail: string;
  token: string;
  expiresAt: string;
  publicUrl: string;
}): MailText {
  const link = `${input.publicUrl.replace(/\/+$/, '')}/confirm-email?token=${encodeURIComponent(input.token)}`;
  const expires = new Date(input.expiresAt).toUTCString();
  return {
    subject: `Confirm your new ${BRAND_NAME} email address`,
    body: [
      `Hello ${input.name},`,
      '',
      `You asked to sign in to your ${BRAND_NAME} account with ${input.newEmail} from now on. Open this link to confirm it:`,
      '',
      link,
      '',
      `The link works once and expires on ${expires}. Until then your account keeps its current address.`,
      'If you did not ask for this, ignore this mail; nothing changes.',
      '',
      `The ${BRAND_NAME} team`,
    ].join('\n'),
  };
}

export function notificationMail(input: {
  name: string;
  title: string;
  message: string;
  publicUrl: string;
  action?: { label: string; path: string };
  /** The account's freeze link (decision 0101): every security mail carries it. */
  freezeToken?: string;
}): MailText {
  const site = input.publicUrl.replace(/\/+$/, '');
  const freeze = input.freezeToken
    ? [
        `Not you? Freeze your account at once, without signing in: ${site}/freeze?token=${encodeURIComponent(input.freezeToken)}`,
        '',
      ]
    : [];
  return {
    // A subject is one header line: whatever line breaks a title holds become spaces.
    subject: `${BRAND_NAME}: ${input.title.replace(/\s+/g, ' ')}`,
    body: [
      `Hello ${input.name},`,
      '',
      input.message,
      '',
      ...(input.action ? [`${input.action.label}: ${site}${input.action.path}`, ''] : []),
      ...freeze,
      `See all your notifications: ${site}/investor/notifications`,
      '',
      'You receive this mail because email notifications are on in your profile settings.',
      `The ${BRAND_NAME} team`,
    ].join('\n'),
  };
}

/** The link that confirms an unfreeze (decision 0101), sent to the account's address whatever the preferences. */
export function unfreezeMail(input: {
  name: string;
  token: string;
  expiresAt: string;
  publicUrl: string;
}): MailText {
  const link = `${input.publicUrl.replace(/\/+$/, '')}/unfreeze/confirm?token=${encodeURIComponent(input.token)}`;
  return {
    subject: `Confirm unfreezing your ${BRAND_NAME} account`,
    body: [
      `Hello ${input.name},`,
      '',
      `You asked to unfreeze your ${BRAND_NAME} account with your password. Open this link to confirm it:`,
      '',
      link,
      '',
      `The link works once and expires on ${new Date(input.expiresAt).toUTCString()}. After unfreezing, new withdrawals stay on hold for a while.`,
      'If you did not ask for this, ignore this mail and change your password: your account stays frozen.',
      '',
      `The ${BRAND_NAME} team`,
    ].join('\n'),
  };
}

/**
 * The addressee's anti-phishing code on the first line of the body, always there and always in the same words
 * (decision 0098), so a mail without it is recognisably not ours. No code set: the body as it is.
 */
export const withAntiPhishingCode = (body: string, code: string | null): string =>
  code === null ? body : `${antiPhishingLine(code)}\n\n${body}`;
