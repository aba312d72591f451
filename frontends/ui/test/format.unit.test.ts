import { afterEach, describe, expect, it } from '@jest/globals';
import {
  formatCoverage,
  formatFileSize,
  formatCount,
  formatDate,
  formatDollars,
  formatLocalDateTime,
  formatRate,
  formatRelativeTime,
  formatTimeLeft,
  formatTimeUtc,
  formatUsdt,
  formatUsdtPrecise,
  NOT_AVAILABLE,
  setFormatLocale,
  shortenAddress,
} from '../src/format.ts';

describe('money and date formatters', () => {
  it('shows USDT with two decimals and grouping, from the decimal string as stored', () => {
    expect(formatUsdt('1250.50000000')).toBe('1,250.50 USDT');
    expect(formatUsdt('0.00000000')).toBe('0.00 USDT');
    expect(formatUsdt('1250.5', { unit: false })).toBe('1,250.50');
  });

  it('keeps every digit of amounts larger than a float can hold exactly', () => {
    // 9007199254740993 is not representable as a double; a parseFloat-based formatter would print ...992.
    expect(formatUsdt('9007199254740993.00000000')).toBe('9,007,199,254,740,993.00 USDT');
    expect(formatUsdt('0.10000000')).toBe('0.10 USDT');
  });

  it('shows "—" for a figure that is not available, never zero', () => {
    expect(formatUsdt(null)).toBe(NOT_AVAILABLE);
    expect(formatUsdt(undefined)).toBe('—');
    expect(formatUsdt('not a number')).toBe('—');
    expect(formatCount(null)).toBe('—');
  });

  it('shows rates with one decimal and admin dollar amounts with 0 or 2 decimals', () => {
    expect(formatRate('2.45')).toBe('2.45%');
    expect(formatRate('0.05')).toBe('0.05%');
    expect(formatRate('2.00')).toBe('2.0%');
    // One form on every screen: the stored "1.20" reads "1.2%" (never "1.20%").
    expect(formatRate('1.20')).toBe('1.2%');
    expect(formatDollars('2000.00000000', 0)).toBe('$2,000');
    expect(formatDollars('1234.5')).toBe('$1,234.50');
  });

  it('formats counts and UTC dates', () => {
    expect(formatCount(8450)).toBe('8,450');
    expect(formatDate('2026-11-22T23:30:00.000Z')).toBe('Nov 22, 2026');
    expect(formatDate('garbage')).toBe('—');
  });

  it('says file sizes in the unit that fits, tiny files included', () => {
    expect(formatFileSize(208)).toBe('208 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(12_650)).toBe('12.4 KB');
    expect(formatFileSize(5 * 1_048_576)).toBe('5 MB');
    expect(formatFileSize(5_000_000)).toBe('4.8 MB');
  });

  it('shortens wallet addresses to the first 10 characters, an ellipsis and the last 6', () => {
    expect(shortenAddress('TXYZabcdefghijklmnopqrstuvw123456')).toBe('TXYZabcdef…123456');
    expect(shortenAddress('short')).toBe('short');
    expect(shortenAddress(undefined)).toBe('—');
  });
});

describe('times people read against their own clock', () => {
  const now = Date.parse('2026-11-27T09:00:00Z');

  it('says how far a moment is, in its largest whole unit', () => {
    expect(formatRelativeTime('2026-11-27T08:58:00Z', now)).toBe('2 minutes ago');
    expect(formatRelativeTime('2026-11-27T09:13:30Z', now)).toBe('in 13 minutes');
    expect(formatRelativeTime('2026-11-27T07:00:00Z', now)).toBe('2 hours ago');
    expect(formatRelativeTime('2026-11-27T09:00:00.400Z', now)).toBe('now');
    expect(formatRelativeTime('not a date', now)).toBe(NOT_AVAILABLE);
  });

  it('shows the time left as a clock, never below zero', () => {
    expect(formatTimeLeft(845_000)).toBe('14:05');
    expect(formatTimeLeft(8_200)).toBe('0:09');
    expect(formatTimeLeft(-5_000)).toBe('0:00');
  });

  it('shows the time of day in UTC under a date, and nothing for a broken one', () => {
    expect(formatTimeUtc('2026-03-10T15:39:39.169Z')).toBe('03:39 PM UTC');
    expect(formatTimeUtc('not a date')).toBe('');
  });

  it('shows a moment in the reader’s time zone, and nothing for a broken one', () => {
    expect(formatLocalDateTime('2026-11-27T09:00:00Z')).toMatch(/Nov 2[67], 2026/);
    expect(formatLocalDateTime('garbage')).toBe(NOT_AVAILABLE);
  });
});

describe('in the chosen language', () => {
  afterEach(() => setFormatLocale('en-US'));

  it('groups, separates decimals and names months the Spanish way, from the same decimal strings', () => {
    setFormatLocale('es');
    expect(formatUsdt('12500.5')).toBe('12.500,50 USDT');
    expect(formatUsdtPrecise('150.004')).toBe('150,004 USDT');
    expect(formatRate('1.20')).toBe('1,2%');
    expect(formatCoverage('1.0250')).toBe('102,50%');
    expect(formatDate('2026-11-27T10:00:00Z')).toBe('27 nov 2026');
    expect(formatTimeUtc('2026-03-10T15:39:39.169Z')).toBe('15:39 UTC');
  });

  it('goes back to English when English is chosen again', () => {
    setFormatLocale('es');
    formatUsdt('1');
    setFormatLocale('en-US');
    expect(formatUsdt('12500.5')).toBe('12,500.50 USDT');
    expect(formatDate('2026-11-27T10:00:00Z')).toBe('Nov 27, 2026');
  });
});
