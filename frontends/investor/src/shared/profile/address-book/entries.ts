// An address-book entry's state as the screens show it.
import type { AddressBookEntry } from '@cropvest/contracts/wallet/address-book';

/** Usable once the cool-down has passed: as the wallet said, or since then by the clock. */
export const isUsable = (entry: AddressBookEntry): boolean =>
  entry.usable || Date.parse(entry.usableFrom) <= Date.now();
