// The anti-phishing code's limits and mail line without the schemas (anti-phishing.ts), so the Profile card that
// sets the code paints without zod.

export const ANTI_PHISHING_CODE_MIN = 4;
export const ANTI_PHISHING_CODE_MAX = 24;

/** The line a mail starts with when its addressee set a code: the same words everywhere, so its absence shows. */
export const antiPhishingLine = (code: string): string => `Your anti-phishing code: ${code}`;
