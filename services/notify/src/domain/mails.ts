// Mail texts. Plain text only: nothing a user typed can become markup in someone's mail client.
import { BRAND_NAME } from '@cropvest/contracts';

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

export function notificationMail(input: {
  name: string;
  title: string;
  message: string;
  publicUrl: string;
}): MailText {
  return {
    // A subject is one header line: whatever line breaks a title holds become spaces.
    subject: `${BRAND_NAME}: ${input.title.replace(/\s+/g, ' ')}`,
    body: [
      `Hello ${input.name},`,
      '',
      input.message,
      '',
      `See all your notifications: ${input.publicUrl.replace(/\/+$/, '')}/investor/notifications`,
      '',
      'You receive this mail because email notifications are on in your profile settings.',
      `The ${BRAND_NAME} team`,
    ].join('\n'),
  };
}
