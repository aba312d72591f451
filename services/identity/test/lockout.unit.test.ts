import { describe, expect, it } from '@jest/globals';
import { afterFailure, isLocked, lockedMessage } from '../src/domain/lockout.ts';

const now = new Date('2026-11-22T10:00:00Z');

describe('sign-in lock-out', () => {
  it('counts failures below the limit without locking', () => {
    expect(afterFailure(0, 5, 15, now)).toEqual({ failedCount: 1, lockedUntil: null });
    expect(afterFailure(3, 5, 15, now)).toEqual({ failedCount: 4, lockedUntil: null });
  });

  it('locks for the configured minutes on the failure that reaches the limit, and restarts the count', () => {
    expect(afterFailure(4, 5, 15, now)).toEqual({
      failedCount: 0,
      lockedUntil: new Date('2026-11-22T10:15:00Z'),
    });
    expect(afterFailure(0, 1, 15, now).lockedUntil).not.toBeNull();
  });

  it('is locked only until the lock time', () => {
    const lockedUntil = new Date('2026-11-22T10:15:00Z');
    expect(isLocked({ failedCount: 0, lockedUntil }, now)).toBe(true);
    expect(isLocked({ failedCount: 0, lockedUntil }, new Date('2026-11-22T10:15:00Z'))).toBe(false);
    expect(isLocked({ failedCount: 2, lockedUntil: null }, now)).toBe(false);
  });

  it('tells the user how long is left, rounded up', () => {
    expect(lockedMessage(new Date('2026-11-22T10:15:00Z'), now)).toBe(
      'Too many failed sign-in attempts. Your account is locked; try again in 15 minutes.',
    );
    expect(lockedMessage(new Date('2026-11-22T10:00:20Z'), now)).toBe(
      'Too many failed sign-in attempts. Your account is locked; try again in 1 minute.',
    );
  });
});
