// What the admin's Security tab needs besides the settings' schemas (settings.ts), so it paints without zod.

/** Periodic password reset (security setting `requirePasswordReset`): the spec's 90 days. */
export const PASSWORD_MAX_AGE_DAYS = 90;
