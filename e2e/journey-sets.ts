// `npm test` runs the journeys in three sets, each with a stack of its own (scripts/test.ts), so that two journeys
// never share a database: several change what the whole platform shows (settings, the deposit address,
// broadcasts, the audit chain), and one stack each keeps every journey as alone as it is on a developer's machine.
// The sets are taken in order by whichever of CI's two lanes is free (the journeys' lane from the start, the
// back-end suites' lane once its suites end), so the two lanes end close together: the first set is the largest,
// the last the smallest. The later sets are named here and the first is every other file, so a new journey runs
// without being listed. Sizes are by the time each file took in CI, not by count (the `◀ playwright` lines of
// `npm test` give each set's time).

export const JOURNEY_SETS = ['first', 'second', 'third'] as const;
export type JourneySet = (typeof JOURNEY_SETS)[number];

const NAMED: Record<Exclude<JourneySet, 'first'>, string[]> = {
  second: [
    'dark-mode',
    'account',
    'admin-payouts',
    'admin-support-notify',
    'admin-unmatched',
    'trusted-devices-and-freeze',
    'routing',
    'admin-wallets',
    'profile-kyc',
    'account-protection',
    'new-device-approval',
    'two-factor',
  ],
  third: [
    'admin-audit',
    'deposit-chain',
    'admin-kyc',
    'money-details',
    'session',
    'investment-ticket-details',
    'wallet-screens',
    'admin-account-protection',
    'admin-user-page',
    'remote-down',
    'toasts',
  ],
};
const fileOf = (name: string) => `${name}.spec.ts`;

/** The journey project's file filter for one set. */
export function journeyFiles(set: JourneySet): { testMatch: string[] } | { testIgnore: string[] } {
  return set === 'first'
    ? { testIgnore: Object.values(NAMED).flat().map(fileOf) }
    : { testMatch: NAMED[set].map(fileOf) };
}
