import { describe, expect, it } from '@jest/globals';
import { retryDelay, STREAM_RETRY_MAX_MS, STREAM_RETRY_MIN_MS } from '../src/notification-stream.ts';

describe('the notification stream reconnects with back-off', () => {
  it('doubles from 1 s to at most 30 s, jittered within the upper half', () => {
    const lowest = (failures: number) => retryDelay(failures, () => 0);
    const highest = (failures: number) => retryDelay(failures, () => 1);
    expect(highest(0)).toBe(STREAM_RETRY_MIN_MS);
    expect(lowest(0)).toBe(STREAM_RETRY_MIN_MS / 2);
    expect([1, 2, 3, 4].map(highest)).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(highest(5)).toBe(STREAM_RETRY_MAX_MS);
    expect(highest(50)).toBe(STREAM_RETRY_MAX_MS);
    expect(lowest(50)).toBe(STREAM_RETRY_MAX_MS / 2);
  });
});
