// An address-book entry's state as the screens show it.
import type { AddressBookEntry } from '@cropvest/contracts/wallet/address-book';

/** Usable once the cool-down has passed: as the wallet said, or since then by the clock. */
export const isUsable = (entry: AddressBookEntry): boolean =>
  entry.usable || Date.parse(entry.usableFrom) <= Date.now();

/** Under the look-alike warning's tick when a form was sent without it. */
export const CONFIRM_LOOKALIKE =
  'Tick the box once you have compared every character, or correct the address';
