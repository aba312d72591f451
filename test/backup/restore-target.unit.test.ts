// `npm run db:restore -- --to TIMESTAMP`: which moments it accepts (docs/decisions/0090-local-backups.md).
import { describe, expect, it } from '@jest/globals';
import { restoreTarget } from '../../scripts/db/restore-target.ts';

const now = new Date('2026-11-26T12:00:00.000Z');

describe('the moment a restore goes back to', () => {
  it('takes ISO 8601 with Z or an offset, to the fraction given', () => {
    expect(restoreTarget(['--to', '2026-11-26T11:59:59.123Z'], now).at.toISOString()).toBe(
      '2026-11-26T11:59:59.123Z',
    );
    expect(restoreTarget(['--to', '2026-11-26T13:30:00+02:00'], now).at.toISOString()).toBe(
      '2026-11-26T11:30:00.000Z',
    );
    expect(restoreTarget(['--to', now.toISOString()], now).at).toEqual(now);
  });

  it.each([
    [[], /--to is required/],
    [['--to'], /argument missing/],
    [['--at', '2026-11-26T11:00:00Z'], /Unknown option '--at'/],
    [['--to', 'yesterday at noon'], /not an ISO 8601 date and time/],
    [['--to', '2026-11-26T11:00:00'], /not an ISO 8601 date and time with its offset/],
    [['--to', '2026-11-26'], /not an ISO 8601 date and time/],
    [['--to', '2026-11-26T12:00:00.001Z'], /is in the future \(it is now 2026-11-26T12:00:00.000Z\)/],
    [['--to', '2026-11-26T12:30:00+00:15'], /is in the future/],
  ])('refuses %j', (args, message) => {
    expect(() => restoreTarget(args, now)).toThrow(message);
  });
});
