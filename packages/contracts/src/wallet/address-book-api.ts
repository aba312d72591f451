// The wallet's operations of the withdrawal address book (docs/decisions/0097-withdrawal-address-book.md): each
// investor's own entries and switch, never anyone else's; admins read any investor's for the admin user page.
import { z } from '../zod.ts';
import { ownedBy } from '../api-operation.ts';
import { ListQuery } from '../common.ts';
import { OkResponse } from '../identity/auth.ts';
import {
  AddressBookEntry,
  AddressBookEntryRequest,
  AddressBookSettings,
  AddressBookSettingsUpdate,
  LookalikeCheck,
  LookalikeQuery,
} from './address-book.ts';

export const addressBookOperations = ownedBy('wallet', {
  addressBook: {
    method: 'get',
    path: '/api/address-book',
    summary:
      'Own saved withdrawal addresses, newest first, one page (total in X-Total-Count), each with when its cool-down ends',
    tag: 'Wallet',
    auth: 'user',
    query: ListQuery,
    paged: true,
    response: z.array(AddressBookEntry),
  },
  addAddressBookEntry: {
    method: 'post',
    path: '/api/address-book',
    errors: {
      409: 'Already saved (ADDRESS_ALREADY_SAVED), the book is full (ADDRESS_BOOK_FULL), or the address looks like one used or saved before and confirmLookalike is not true (LOOKALIKE_ADDRESS, the look-alike named)',
    },
    summary:
      'Save a TRC-20 address with a label; usable after the cool-down, and the investor is mailed a notice to cancel it',
    tag: 'Wallet',
    auth: 'user',
    body: AddressBookEntryRequest,
    response: AddressBookEntry,
    status: 201,
  },
  removeAddressBookEntry: {
    method: 'delete',
    path: '/api/address-book/{id}',
    summary: 'Remove a saved address, or cancel one still cooling down',
    tag: 'Wallet',
    auth: 'user',
    response: OkResponse,
  },
  addressBookSettings: {
    method: 'get',
    path: '/api/address-book/settings',
    summary:
      'Whether withdrawals go only to saved, cooled-down addresses, and when a switch-off takes effect',
    tag: 'Wallet',
    auth: 'user',
    response: AddressBookSettings,
  },
  updateAddressBookSettings: {
    method: 'put',
    path: '/api/address-book/settings',
    summary:
      'Switch "whitelisted addresses only" on (at once) or off (after the cool-down; it stays on until then)',
    tag: 'Wallet',
    auth: 'user',
    body: AddressBookSettingsUpdate,
    response: AddressBookSettings,
  },
  addressLookalikes: {
    method: 'get',
    path: '/api/address-book/lookalikes',
    summary:
      'The address used or saved before that a typed address looks like (same first and last four characters, different in between), if any',
    tag: 'Wallet',
    auth: 'user',
    query: LookalikeQuery,
    response: LookalikeCheck,
  },
  userAddressBook: {
    method: 'get',
    path: '/api/admin/users/{id}/address-book',
    summary:
      "One investor's saved withdrawal addresses, newest first, one page (total in X-Total-Count), each with when its cool-down ends",
    tag: 'Admin: wallet',
    auth: 'admin',
    query: ListQuery,
    paged: true,
    response: z.array(AddressBookEntry),
  },
  userAddressBookSettings: {
    method: 'get',
    path: '/api/admin/users/{id}/address-book/settings',
    summary:
      "Whether one investor's withdrawals go only to saved, cooled-down addresses, and when a switch-off takes effect",
    tag: 'Admin: wallet',
    auth: 'admin',
    response: AddressBookSettings,
  },
});
