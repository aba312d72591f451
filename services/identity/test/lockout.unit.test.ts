import { describe, expect, it } from '@jest/globals';
import {
  accountCeiling,
  afterSourceFailure,
  delayedMessage,
  lockedMessage,
  sourceBlock,
} from '../src/domain/lockout.ts';

const now = new Date('2026-11-22T10:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const state = (failures: number, blockedUntil: Date | null = null, lastFailureAt = now) => ({
  failures,
  blockedUntil,
  lastFailureAt,
});

describe('sign-in limits per account and source', () => {
  it('lets the first two failures pass, then waits 1 s, 2 s, 4 s before the next try', () => {
    expect(afterSourceFailure(undefined, 10, 15, now)).toEqual({
      failures: 1,
      blockedUntil: null,
      locked: false,
    });
    expect(afterSourceFailure(state(1), 10, 15, now).blockedUntil).toBeNull();
    expect(afterSourceFailure(state(2), 10, 15, now).blockedUntil).toEqual(at(1000));
    expect(afterSourceFailure(state(3), 10, 15, now).blockedUntil).toEqual(at(2000));
    expect(afterSourceFailure(state(4), 10, 15, now).blockedUntil).toEqual(at(4000));
  });

  it('locks the source for the lock-out period on the failure that reaches the limit, and doubles it after', () => {
    expect(afterSourceFailure(state(4), 5, 15, now)).toEqual({
      failures: 5,
      blockedUntil: at(15 * 60_000),
      locked: true,
    });
    expect(afterSourceFailure(state(5), 5, 15, now).blockedUntil).toEqual(at(30 * 60_000));
    expect(afterSourceFailure(state(40), 5, 15, now).blockedUntil).toEqual(at(24 * 3600_000));
  });

  it('forgets failures after a day', () => {
    const old = state(4, null, new Date(now.getTime() - 25 * 3600_000));
    expect(afterSourceFailure(old, 5, 15, now)).toEqual({ failures: 1, blockedUntil: null, locked: false });
  });

  it('refuses a source only while it is blocked, telling a lock from a delay', () => {
    expect(sourceBlock(undefined, 5, now)).toBeNull();
    expect(sourceBlock(state(3, at(1000)), 5, now)).toEqual({ kind: 'delayed', until: at(1000) });
    expect(sourceBlock(state(5, at(60_000)), 5, now)).toEqual({ kind: 'locked', until: at(60_000) });
    expect(sourceBlock(state(5, at(-1)), 5, now)).toBeNull();
  });

  it('has an account-wide ceiling above the per-source limit', () => {
    expect(accountCeiling(5)).toBe(20);
  });

  it('says how long to wait', () => {
    expect(lockedMessage(at(15 * 60_000), now)).toBe(
      'Too many failed sign-in attempts. Your account is locked; try again in 15 minutes.',
    );
    expect(lockedMessage(at(10_000), now)).toBe(
      'Too many failed sign-in attempts. Your account is locked; try again in 1 minute.',
    );
    expect(delayedMessage(at(1500), now)).toBe(
      'Too many failed sign-in attempts. Please wait 2 seconds and try again.',
    );
  });
});
