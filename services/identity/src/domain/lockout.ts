// Sign-in limits (docs/decisions/0052-access-revocation.md). Failures are counted per account AND source (a
// device the account signed in from before, else the client IP), so a stranger's guesses slow down and then
// lock only the stranger's source; the owner's usual device or IP keeps working. A ceiling per account stops
// guessing spread over many sources, and even that leaves sources that signed in before open.

/** Consecutive failures from one source for one account. */
export interface SourceState {
  failures: number;
  blockedUntil: Date | null;
  lastFailureAt: Date;
}

/** Failures this old are forgotten: the next one counts from 1 again. */
export const FAILURE_MEMORY_MS = 24 * 3600_000;
/** The first failures cost nothing; a typo must not make anyone wait. */
const FREE_FAILURES = 2;
const LONGEST_LOCK_MS = 24 * 3600_000;
/** The account-wide ceiling is this many times the per-source limit, within one lock-out period. */
export const ACCOUNT_CEILING_FACTOR = 4;

export const accountCeiling = (maxAttempts: number): number => maxAttempts * ACCOUNT_CEILING_FACTOR;

export type SourceBlock = { kind: 'locked' | 'delayed'; until: Date };

/** Whether a source may try now; a refused attempt checks no password and counts nothing. */
export function sourceBlock(
  state: SourceState | undefined,
  maxAttempts: number,
  now: Date,
): SourceBlock | null {
  if (!state?.blockedUntil || state.blockedUntil.getTime() <= now.getTime()) return null;
  return { kind: state.failures >= maxAttempts ? 'locked' : 'delayed', until: state.blockedUntil };
}

/**
 * After a failed password from a source: failures 1–2 are free; from the 3rd the source waits 1 s, then 2 s,
 * 4 s… (progressive); on reaching `maxAttempts` it is locked for `lockMinutes`, and each failure after a lock
 * doubles the next lock, up to a day. `locked` is true on the failure that (re)locks it.
 */
export function afterSourceFailure(
  before: SourceState | undefined,
  maxAttempts: number,
  lockMinutes: number,
  now: Date,
): { failures: number; blockedUntil: Date | null; locked: boolean } {
  const remembered =
    before && now.getTime() - before.lastFailureAt.getTime() < FAILURE_MEMORY_MS ? before.failures : 0;
  const failures = remembered + 1;
  if (failures >= maxAttempts) {
    const lockMs = Math.min(lockMinutes * 60_000 * 2 ** (failures - maxAttempts), LONGEST_LOCK_MS);
    return { failures, blockedUntil: new Date(now.getTime() + lockMs), locked: true };
  }
  if (failures <= FREE_FAILURES) return { failures, blockedUntil: null, locked: false };
  return {
    failures,
    blockedUntil: new Date(now.getTime() + 1000 * 2 ** (failures - FREE_FAILURES - 1)),
    locked: false,
  };
}

export function lockedMessage(lockedUntil: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
  return `Too many failed sign-in attempts. Your account is locked; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export const secondsUntil = (until: Date, now: Date): number =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

export const delayedMessage = (until: Date, now: Date): string =>
  `Too many failed sign-in attempts. Please wait ${secondsUntil(until, now)} seconds and try again.`;
