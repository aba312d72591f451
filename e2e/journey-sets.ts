// `npm test` runs the journeys as two halves at once, each with a stack of its own (scripts/test.ts), so that two
// journeys never share a database: several change what the whole platform shows (settings, the deposit address,
// broadcasts, the audit chain), and one stack each keeps every journey as alone as it is on a developer's machine.
// The second half is named here and the first is every other file, so a new journey runs without being listed.
// The halves are balanced by the time each file took in CI, not by count; move a file when one half ends far
// later than the other (the `◀ playwright` lines of `npm test` give each half's time).

export const JOURNEY_SETS = ['first', 'second'] as const;
export type JourneySet = (typeof JOURNEY_SETS)[number];

const SECOND_HALF = [
  'wallet-screens',
  'admin-payouts',
  'deposit-chain',
  'account',
  'profile-kyc',
  'admin-wallets',
  'admin-kyc',
  'admin-unmatched',
  'two-factor',
  'plan-page',
  'admin-support-notify',
  'admin-audit',
  'new-device-approval',
  'money-details',
  'admin-user-page',
  'dark-mode',
  'admin-users',
  'trusted-devices-and-freeze',
  'investment-ticket-details',
  'account-protection',
  'session',
  'routing',
  'admin-account-protection',
  'languages-every-screen',
  'toasts',
  'remote-down',
].map((name) => `${name}.spec.ts`);

/** The journey project's file filter for one half. */
export function journeyFiles(set: JourneySet): { testMatch: string[] } | { testIgnore: string[] } {
  return set === 'second' ? { testMatch: SECOND_HALF } : { testIgnore: SECOND_HALF };
}
