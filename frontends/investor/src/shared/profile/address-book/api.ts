// The withdrawal address book's calls (decision 0097): the investor's saved addresses (one server page, total in
// X-Total-Count), saving and removing one, "whitelisted addresses only", and the look-alike check the forms run
// before sending.
import type {
  AddressBookEntry,
  AddressBookEntryRequest,
  AddressBookSettings,
  AddressBookSettingsUpdate,
  LookalikeCheck,
} from '@cropvest/contracts/address-book';
import { api, toPaged, type Paged } from '@cropvest/web-kit';
import type { PageArgs } from '../../deposit/api.ts';

const LIST = { type: 'AddressBook', id: 'LIST' } as const;
const SETTINGS = { type: 'AddressBook', id: 'SETTINGS' } as const;

export const addressBookApi = api.enhanceEndpoints({ addTagTypes: ['AddressBook'] }).injectEndpoints({
  endpoints: (build) => ({
    addressBook: build.query<Paged<AddressBookEntry>, PageArgs>({
      query: ({ page, pageSize }) => ({ url: 'address-book', params: { page, pageSize } }),
      transformResponse: (items: AddressBookEntry[], meta) => toPaged(items, meta),
      providesTags: (result) => [
        ...(result?.items ?? []).map((entry) => ({ type: 'AddressBook' as const, id: entry.id })),
        LIST,
      ],
    }),
    addAddress: build.mutation<AddressBookEntry, AddressBookEntryRequest>({
      query: (body) => ({ url: 'address-book', method: 'POST', body }),
      // A new address also holds new withdrawals for a while (decision 0098): the Withdraw screen's hold is read
      // under the withdrawals list's tag.
      invalidatesTags: [LIST, { type: 'Withdrawals', id: 'LIST' }],
    }),
    removeAddress: build.mutation<{ ok: true }, string>({
      query: (id) => ({ url: `address-book/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'AddressBook', id }, LIST],
    }),
    addressBookSettings: build.query<AddressBookSettings, void>({
      query: () => 'address-book/settings',
      providesTags: [SETTINGS],
    }),
    setWhitelistOnly: build.mutation<AddressBookSettings, AddressBookSettingsUpdate>({
      query: (body) => ({ url: 'address-book/settings', method: 'PUT', body }),
      invalidatesTags: [SETTINGS],
    }),
    /** Read again when the book or the withdrawals change: either can make or unmake a look-alike. */
    lookalike: build.query<LookalikeCheck, string>({
      query: (address) => ({ url: 'address-book/lookalikes', params: { address } }),
      providesTags: [LIST, { type: 'Withdrawals', id: 'LIST' }],
    }),
  }),
});

export const {
  useAddressBookQuery,
  useAddAddressMutation,
  useRemoveAddressMutation,
  useAddressBookSettingsQuery,
  useSetWhitelistOnlyMutation,
  useLookalikeQuery,
} = addressBookApi;
