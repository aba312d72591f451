// Money and rates travel as decimal strings. These schemas accept what a form or a script may send
// (a decimal string or a plain JSON number) and hand the handler a canonical string, never a float.
import { MoneyDecimal } from './money.ts';
import { z } from './zod.ts';

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;
/** A JSON number keeps about 15 significant digits; more than that was already changed by the parser. */
const SAFE_NUMBER_DIGITS = 15;

export interface DecimalRule {
  /** Field label used in messages. */
  label: string;
  /** Digits allowed after the point. */
  scale: number;
  /** Digits allowed before the point (numeric(18,8) leaves 10). */
  integerDigits: number;
  /** Smallest allowed value, inclusive, as a decimal string. */
  min?: string;
  /** Message when below min. */
  minMessage?: string;
  /** When true, zero is refused even if min is 0. */
  positive?: boolean;
  /** When given, a missing or blank value gets this message (a form's required field). */
  requiredMessage?: string;
}

/** Turns a string or JSON number into a plain decimal string, or explains why it cannot. */
export function normaliseDecimalInput(
  value: unknown,
  rule: DecimalRule,
): { ok: true; value: string } | { ok: false; message: string } {
  let text: string;
  if (
    rule.requiredMessage &&
    (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
  )
    return { ok: false, message: rule.requiredMessage };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, message: `${rule.label} must be a number` };
    text = String(value);
    if (/e/i.test(text))
      return { ok: false, message: `${rule.label} must be a plain decimal number, not exponent notation` };
    if (text.replace(/[-.]/g, '').replace(/^0+/, '').length > SAFE_NUMBER_DIGITS)
      return {
        ok: false,
        message: `${rule.label} has too many digits for a JSON number; send it as a string`,
      };
  } else if (typeof value === 'string') {
    text = value.trim();
  } else if (value === undefined || value === null) {
    return { ok: false, message: `${rule.label} is required` };
  } else {
    return { ok: false, message: `${rule.label} must be a number` };
  }
  if (text.startsWith('-'))
    return { ok: false, message: rule.minMessage ?? `${rule.label} must be positive` };
  if (!PLAIN_DECIMAL.test(text))
    return { ok: false, message: `${rule.label} must be a plain decimal number` };
  const [whole = '', fraction = ''] = text.split('.');
  if (fraction.length > rule.scale)
    return { ok: false, message: `${rule.label} must have at most ${rule.scale} decimal places` };
  if (whole.replace(/^0+(?=\d)/, '').length > rule.integerDigits)
    return { ok: false, message: `${rule.label} is too large` };
  const parsed = new MoneyDecimal(text);
  if (rule.positive && parsed.isZero())
    return { ok: false, message: rule.minMessage ?? `${rule.label} must be positive` };
  if (rule.min !== undefined && parsed.lessThan(rule.min))
    return { ok: false, message: rule.minMessage ?? `${rule.label} must be at least ${rule.min}` };
  return { ok: true, value: parsed.toFixed(rule.scale) };
}

/**
 * A zod schema for a decimal input; the parsed value is a fixed-scale string such as "100.00000000". Every
 * input, a missing one or a boolean included, gets the rule's own message ("Amount is required", "Amount must
 * be a number"), never a generic type error.
 */
export function decimalInput(rule: DecimalRule) {
  return z
    .custom<string | number>()
    .transform((value: unknown, ctx) => {
      const result = normaliseDecimalInput(value, rule);
      if (!result.ok) {
        ctx.addIssue({ code: 'custom', message: result.message });
        return z.NEVER;
      }
      return result.value;
    })
    .openapi(decimalInputDocs(rule));
}

/**
 * How the document describes a decimal input: a string or a JSON number, as the rule takes both (a client, or the
 * bad-input suite, must not read a JSON number as a wrong type).
 */
export const decimalInputDocs = (rule: DecimalRule) => ({
  type: ['string', 'number'] as ('string' | 'number')[],
  description: `${rule.label}: decimal string (a JSON number is accepted), at most ${rule.scale} decimals`,
  example: '100.00',
});

/** Amounts on the wire in responses: numeric(18,8) as Postgres prints it. */
export const MoneyString = z
  .string()
  .regex(/^\d{1,10}\.\d{8}$/)
  .openapi({ example: '1250.50000000', description: 'USDT amount, 8 decimals' });
/** Daily rates in responses: numeric(5,2) percent per day. */
export const RateString = z
  .string()
  .regex(/^\d{1,3}\.\d{2}$/)
  .openapi({ example: '0.05', description: 'percent per day, 2 decimals' });
