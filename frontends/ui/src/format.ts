// Money, rate and date formatting for every screen. Amounts arrive as decimal strings ("1250.50000000");
// Intl.NumberFormat formats a decimal string exactly (ECMA-402 NumberFormat v3), so no amount is ever
// turned into a JavaScript float here. Grouping and decimal separators, month names and relative times follow
// the language the person chose (decision 0124): the i18n layer sets it with setFormatLocale.

let formatLocale = 'en-US';

/**
 * The BCP 47 locale the formatters use from now on ("es" → "1.250,50 USDT", "27 nov 2026"). The i18n layer
 * calls it before the screens render again, so every figure on the page changes language together.
 */
export function setFormatLocale(locale: string): void {
  formatLocale = locale;
}

// Each formatter is built on first use in each locale: building Intl formatters is slow (ICU data), and doing
// all of them while the module loads made one of the landing page's longest main-thread tasks (bench:web, TBT).
function lazily<T>(create: (locale: string) => T): () => T {
  const built = new Map<string, T>();
  return () => {
    let value = built.get(formatLocale);
    if (value === undefined) built.set(formatLocale, (value = create(formatLocale)));
    return value;
  };
}

const usdt2 = lazily(
  (locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);
const usdt8 = lazily(
  (locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 8 }),
);
const dollars0 = lazily(
  (locale) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
);
const rate = lazily(
  (locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 2 }),
);
const integer = lazily((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }));
const dateFormat = lazily(
  (locale) =>
    new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }),
);
const dateTimeFormat = lazily(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    }),
);

/** What a figure that is not available shows. */
export const NOT_AVAILABLE = '—';

const DECIMAL = /^-?\d+(\.\d+)?$/;
type Amount = string | null | undefined;

const asDecimal = (value: Amount): `${number}` | null =>
  value != null && DECIMAL.test(value.trim()) ? (value.trim() as `${number}`) : null;

/** "1250.5" → "1,250.50 USDT". */
export function formatUsdt(value: Amount, options: { unit?: boolean } = {}): string {
  const decimal = asDecimal(value);
  if (decimal === null) return NOT_AVAILABLE;
  const text = usdt2().format(decimal);
  return options.unit === false ? text : `${text} USDT`;
}

/**
 * Every decimal the amount has (at least 2, at most 8), where rounding to cents would hide a difference:
 * "150.004" → "150.004 USDT", "150.5" → "150.50 USDT".
 */
export function formatUsdtPrecise(value: Amount): string {
  const decimal = asDecimal(value);
  return decimal === null ? NOT_AVAILABLE : `${usdt8().format(decimal)} USDT`;
}

/** Admin screens show some amounts as dollars with 2 decimals: "$1,250.50". */
export function formatDollars(value: Amount, decimals: 0 | 2 = 2): string {
  const decimal = asDecimal(value);
  if (decimal === null) return NOT_AVAILABLE;
  if (decimals === 0) return dollars0().format(decimal);
  const text = usdt2().format(decimal);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/**
 * A daily rate in percent, the one way every screen shows it: one decimal ("1.20" → "1.2%", the spec's plan
 * cards), and the second only when the rate has one ("0.05" → "0.05%": rounding it to 0.1 would double it).
 */
export function formatRate(value: Amount): string {
  const decimal = asDecimal(value);
  return decimal === null ? NOT_AVAILABLE : `${rate().format(decimal)}%`;
}

/** Whole counts: 8450 → "8,450"; null → "—". */
export function formatCount(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? NOT_AVAILABLE : integer().format(value);
}

// English plural rules whatever the locale: the forms passed in are English sentences.
const pluralRules = lazily(() => new Intl.PluralRules('en-US'));
/** The sentence for a count by English plural rules: `plural(1, { one: '1 entry', other: 'N entries' })`. */
export function plural(count: number, forms: { one: string; other: string }): string {
  return pluralRules().select(count) === 'one' ? forms.one : forms.other;
}

/** A calendar date in UTC: "Nov 22, 2026". */
export function formatDate(value: string | Date | null | undefined): string {
  if (value == null) return NOT_AVAILABLE;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? NOT_AVAILABLE : dateFormat().format(date);
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (value == null) return NOT_AVAILABLE;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? NOT_AVAILABLE : dateTimeFormat().format(date);
}

const timeUtcFormat = lazily(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    }),
);

/**
 * The time of day of an instant in UTC, under its date on a second line: "03:39 PM UTC" ("15:39 UTC" in Spanish);
 * nothing when the instant is not a date, so the line stays empty.
 */
export function formatTimeUtc(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : timeUtcFormat().format(date);
}

/** Reserves over liabilities ("1.0250", 4 decimals) as a percentage with 2 decimals: "102.50%"; "—" without one. */
export function formatCoverage(ratio: string | null | undefined): string {
  const decimal = asDecimal(ratio);
  if (decimal === null) return NOT_AVAILABLE;
  // Exact: the ratio's digits moved two places, never through a float.
  const [whole = '0', fraction = ''] = decimal.split('.');
  const hundredths = BigInt(whole + fraction.padEnd(4, '0').slice(0, 4));
  const percent = `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}` as `${number}`;
  return `${usdt2().format(percent)}%`;
}

/** Wallet addresses in lists: first 10 characters, an ellipsis, last 6. Short ones stay whole. */
export function shortenAddress(address: string | null | undefined): string {
  if (!address) return NOT_AVAILABLE;
  return address.length <= 16 ? address : `${address.slice(0, 10)}…${address.slice(-6)}`;
}

const FILE_SIZE_UNITS = [
  [1_048_576, 'MB'],
  [1024, 'KB'],
] as const;

const fileSizeFigure = lazily(
  (locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: false }),
);
const fileSizeFigure1 = lazily(
  (locale) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }),
);

/**
 * A file's size as people read it: "512 B", "12.3 KB" ("12,3 KB" in Spanish), "4.8 MB"; whole units without a
 * decimal ("5 MB"). The unit symbols are the same in every language.
 */
export function formatFileSize(bytes: number): string {
  const [divisor, unit] = FILE_SIZE_UNITS.find(([size]) => bytes >= size) ?? [1, 'B'];
  const value = bytes / divisor;
  const figure = Number.isInteger(value) || divisor === 1 ? fileSizeFigure() : fileSizeFigure1();
  return `${figure.format(value)} ${unit}`;
}

const localDateTimeFormat = lazily(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    }),
);

/**
 * A moment in the reader's own time zone ("Nov 27, 2026, 09:14 AM GMT+1"): for what they lived through themselves,
 * such as the time someone tried to sign in to their account.
 */
export function formatLocalDateTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? NOT_AVAILABLE : localDateTimeFormat().format(date);
}

const relativeTimeFormat = lazily((locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
const RELATIVE_UNITS = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
] as const;

/** How far a moment is from `now`, in its largest whole unit: "2 minutes ago", "in 13 minutes", "now". */
export function formatRelativeTime(value: string | Date, now: number = Date.now()): string {
  const at = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(at)) return NOT_AVAILABLE;
  const difference = at - now;
  const [size, unit] = RELATIVE_UNITS.find(([unitMs]) => Math.abs(difference) >= unitMs) ?? [1000, 'second'];
  const amount = Math.trunc(difference / size);
  // Under a second reads as the locale's word for now ("now", "ahora"): numeric 'auto' says 0 seconds so.
  return relativeTimeFormat().format(amount, amount === 0 ? 'second' : unit);
}

/** A time left as a clock shows it: "14:05", "0:09"; never below "0:00". */
export function formatTimeLeft(milliseconds: number): string {
  const seconds = Math.max(0, Math.ceil(milliseconds / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
