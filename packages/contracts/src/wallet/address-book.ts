// The withdrawal address book (issue 26, docs/decisions/0097-withdrawal-address-book.md): an investor's saved
// TRC-20 addresses, each usable only after the security settings' cool-down; "whitelisted addresses only", which
// refuses withdrawals anywhere else and takes the cool-down to switch off; and the look-alike check. The schemas;
// the limits, the refusals' codes and the address-poisoning rule the wallet and the browser share (an address that
// looks like one the investor used or saved, but is not it) are in address-book-rules.ts.
import { z } from '../zod.ts';
import { requiredText, Timestamp, Uuid } from '../common.ts';

export const ADDRESS_LABEL_MAX = 60;

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
