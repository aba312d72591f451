import { handlers } from '@cropvest/service-kit/operations';
import * as addressBook from '../app/address-book.ts';
import * as protection from '../app/admin-account-protection.ts';
import type { WalletContext } from '../app/context.ts';

/**
 * The withdrawal address book (docs/decisions/0097): an investor's own entries and settings, and one investor's
 * for the admin user page (docs/decisions/0102).
 */
export const addressBookRoutes = (wallet: WalletContext) =>
  handlers('wallet', {
    addressBook: ({ actor, query }) => addressBook.myEntries(wallet, actor, query),
    addAddressBookEntry: ({ actor, body, meta }) => addressBook.addEntry(wallet, actor, body, meta),
    removeAddressBookEntry: ({ actor, id }) => addressBook.removeEntry(wallet, actor, id),
    addressBookSettings: ({ actor }) => addressBook.mySettings(wallet, actor),
    updateAddressBookSettings: ({ actor, body, meta }) =>
      addressBook.updateSettings(wallet, actor, body, meta),
    addressLookalikes: ({ actor, query }) => addressBook.lookalikeOf(wallet, actor, query.address),
    userAddressBook: ({ id, query }) => protection.adminAddressBook(wallet, id, query),
    userAddressBookSettings: ({ id }) => protection.adminAddressBookSettings(wallet, id),
  });
