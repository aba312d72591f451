// The address book's limits and refusals, and the address-poisoning rule the wallet and the browser share
// (docs/decisions/0097-withdrawal-address-book.md), without the schemas (address-book.ts), so the Withdraw screen,
// the address book and the look-alike warning paint without zod.
import type { Lookalike } from './address-book.ts';

/** At most this many saved addresses per investor, so the Withdraw screen's picker reads them in one page. */
export const MAX_ADDRESS_BOOK_ENTRIES = 50;
/** The security settings' default cool-down of a new entry and of switching "whitelisted addresses only" off. */
export const DEFAULT_ADDRESS_COOL_DOWN_HOURS = 24;

export const LOOKALIKE_CODE = 'LOOKALIKE_ADDRESS';
export const NOT_WHITELISTED_CODE = 'ADDRESS_NOT_WHITELISTED';

/** How many characters at each end people (and wallets that shorten addresses) compare by eye. */
export const LOOKALIKE_ENDS = 4;

/**
 * Address poisoning: an attacker sends dust from an address made to share the first and last characters of one
 * the victim uses, hoping it is copied from the history. Two different addresses of the same length that agree
 * on the first and last four characters are look-alikes.
 */
export function isLookalike(address: string, known: string): boolean {
  return (
    address !== known &&
    address.length === known.length &&
    address.length > 2 * LOOKALIKE_ENDS &&
    address.slice(0, LOOKALIKE_ENDS) === known.slice(0, LOOKALIKE_ENDS) &&
    address.slice(-LOOKALIKE_ENDS) === known.slice(-LOOKALIKE_ENDS)
  );
}

/** The first known address `address` looks like; none when it is itself known (it was used or saved before). */
export function findLookalike<T extends { address: string }>(address: string, known: readonly T[]): T | null {
  if (known.some((entry) => entry.address === address)) return null;
  return known.find((entry) => isLookalike(address, entry.address)) ?? null;
}

/** One run of an address's characters, marked where it differs from the address it is compared with. */
export interface AddressRun {
  text: string;
  differs: boolean;
}

/** `address` cut into runs that agree with `other` position by position, and runs that differ. */
export function addressRuns(address: string, other: string): AddressRun[] {
  const runs: AddressRun[] = [];
  for (let i = 0; i < address.length; i++) {
    const differs = address[i] !== other[i];
    const last = runs[runs.length - 1];
    if (last && last.differs === differs) last.text += address[i];
    else runs.push({ text: address[i] as string, differs });
  }
  return runs;
}

/** How many positions differ (the warning says so in words, not only by marking them). */
export const differingCount = (address: string, other: string): number =>
  [...address].filter((char, i) => char !== other[i]).length;

export const lookalikeMessage = (address: string, lookalike: Lookalike): string =>
  `${address} looks like ${lookalike.address}, ${
    lookalike.source === 'saved'
      ? `your saved address${lookalike.label ? ` "${lookalike.label}"` : ''}`
      : 'an address you withdrew to before'
  }: the first and last ${LOOKALIKE_ENDS} characters match but ${differingCount(address, lookalike.address)} in between differ. Scammers make such addresses to be copied by mistake; confirm only if you are sure this is the right address.`;
