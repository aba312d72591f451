// The withdrawal address book (issue 26, docs/decisions/0097-withdrawal-address-book.md): an investor's saved
// TRC-20 addresses, each usable only after the security settings' cool-down; "whitelisted addresses only", which
// refuses withdrawals anywhere else and takes the cool-down to switch off; and the address-poisoning rule the
// wallet and the browser share (an address that looks like one the investor used or saved, but is not it).
import { z } from '../zod.ts';
import { requiredText, Timestamp, Uuid } from '../common.ts';

/** At most this many saved addresses per investor, so the Withdraw screen's picker reads them in one page. */
export const MAX_ADDRESS_BOOK_ENTRIES = 50;
export const ADDRESS_LABEL_MAX = 60;
/** The security settings' default cool-down of a new entry and of switching "whitelisted addresses only" off. */
export const DEFAULT_ADDRESS_COOL_DOWN_HOURS = 24;

const Address = z
  .string(requiredText('Address'))
  .trim()
  .min(1, 'Address is required')
  .max(100, 'Address must be at most 100 characters');

export const AddressBookEntry = z
  .object({
    id: Uuid,
    label: z.string(),
    address: z.string(),
    /** Withdrawals are paid on TRC-20 (TRON) only, so every entry is a TRC-20 address. */
    network: z.literal('TRC20'),
    /** When the cool-down ends; a withdrawal to the entry counts as whitelisted from then on. */
    usableFrom: Timestamp,
    usable: z.boolean(),
    createdAt: Timestamp,
  })
  .openapi('AddressBookEntry');
export type AddressBookEntry = z.infer<typeof AddressBookEntry>;

export const AddressBookEntryRequest = z
  .object({
    label: z
      .string(requiredText('Label'))
      .trim()
      .min(1, 'Label is required')
      .max(ADDRESS_LABEL_MAX, `Label must be at most ${ADDRESS_LABEL_MAX} characters`),
    address: Address,
    /** Saving an address that looks like one used or saved before (LOOKALIKE_ADDRESS) needs this set to true. */
    confirmLookalike: z.boolean({ error: 'confirmLookalike must be true or false' }).optional(),
  })
  .strict()
  .openapi('AddressBookEntryRequest');
export type AddressBookEntryRequest = z.infer<typeof AddressBookEntryRequest>;

/**
 * "Whitelisted addresses only": while `whitelistOnly`, withdrawals go only to saved entries past their cool-down.
 * Switching it off takes the cool-down: it stays on until `switchingOffAt`.
 */
export const AddressBookSettings = z
  .object({
    whitelistOnly: z.boolean(),
    switchingOffAt: Timestamp.nullable(),
    coolDownHours: z.number().int(),
  })
  .openapi('AddressBookSettings');
export type AddressBookSettings = z.infer<typeof AddressBookSettings>;

export const AddressBookSettingsUpdate = z
  .object({ whitelistOnly: z.boolean({ error: 'whitelistOnly must be true or false' }) })
  .strict()
  .openapi('AddressBookSettingsUpdate');
export type AddressBookSettingsUpdate = z.infer<typeof AddressBookSettingsUpdate>;

export const LookalikeQuery = z.object({ address: Address }).strict().openapi('LookalikeQuery');
export type LookalikeQuery = z.infer<typeof LookalikeQuery>;

/** The known address a typed one looks like: a saved entry (with its label) or a past withdrawal's destination. */
export const Lookalike = z
  .object({
    address: z.string(),
    source: z.enum(['saved', 'withdrawal']),
    label: z.string().nullable(),
  })
  .openapi('Lookalike');
export type Lookalike = z.infer<typeof Lookalike>;

export const LookalikeCheck = z.object({ lookalike: Lookalike.nullable() }).openapi('LookalikeCheck');
export type LookalikeCheck = z.infer<typeof LookalikeCheck>;

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
