// Pure rules about accounts.
import { PASSWORD_MAX_AGE_DAYS, type SecuritySettings } from '@cropvest/contracts';

/**
 * Periodic password reset: with the setting on, a password older than PASSWORD_MAX_AGE_DAYS must be changed
 * before anything else (the session's tokens say so until it is).
 */
export const passwordExpired = (
  changedAt: Date,
  security: Pick<SecuritySettings, 'requirePasswordReset'>,
  now: Date = new Date(),
): boolean =>
  security.requirePasswordReset && now.getTime() - changedAt.getTime() > PASSWORD_MAX_AGE_DAYS * 86_400_000;
