// The address form's schema, straight from the contract (loaded on the form's first use).
export { AddressBookEntryRequest } from '@cropvest/contracts/wallet/address-book';
