// Lock-out after too many failed sign-ins (security settings: max login attempts).

export interface LockState {
  failedCount: number;
  lockedUntil: Date | null;
}

export function isLocked(state: LockState, now: Date): boolean {
  return state.lockedUntil !== null && state.lockedUntil.getTime() > now.getTime();
}

/** After a failure: the new count, and a lock when the count reaches the limit (the count restarts). */
export function afterFailure(
  failedCountBefore: number,
  maxAttempts: number,
  lockMinutes: number,
  now: Date,
): LockState {
  const failedCount = failedCountBefore + 1;
  if (failedCount >= maxAttempts)
    return { failedCount: 0, lockedUntil: new Date(now.getTime() + lockMinutes * 60_000) };
  return { failedCount, lockedUntil: null };
}

export function lockedMessage(lockedUntil: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
  return `Too many failed sign-in attempts. Your account is locked; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
