// The user page's view of the investor's account protection (docs/decisions/0102), from the wallet: the saved
// withdrawal addresses with their cool-downs, the "whitelisted addresses only" switch, and every withdrawal hold.
// Under the user page's tag, so whatever refreshes the page refreshes them.
import type { AddressBookEntry, AddressBookSettings } from '@cropvest/contracts/address-book';
import type { AdminWithdrawalHold } from '@cropvest/contracts/withdrawal-holds';
import { api, toPaged, type Paged } from '@cropvest/web-kit';
import { SECTION_PAGE_SIZE, userTag, type SectionArgs } from '../../shared/user-detail/api.ts';

export const userProtectionApi = api.injectEndpoints({
  endpoints: (build) => ({
    userAddressBook: build.query<Paged<AddressBookEntry>, SectionArgs>({
      query: ({ userId, page }) => ({
        url: ['admin', 'users', userId, 'address-book'],
        params: { page, pageSize: SECTION_PAGE_SIZE },
      }),
      transformResponse: (items: AddressBookEntry[], meta) => toPaged(items, meta),
      providesTags: (_result, _error, { userId }) => [userTag(userId)],
    }),
    userAddressBookSettings: build.query<AddressBookSettings, string>({
      query: (userId) => ({ url: ['admin', 'users', userId, 'address-book', 'settings'] }),
      providesTags: (_result, _error, userId) => [userTag(userId)],
    }),
    userWithdrawalHolds: build.query<Paged<AdminWithdrawalHold>, SectionArgs>({
      query: ({ userId, page }) => ({
        url: ['admin', 'users', userId, 'withdrawal-holds'],
        params: { page, pageSize: SECTION_PAGE_SIZE },
      }),
      transformResponse: (items: AdminWithdrawalHold[], meta) => toPaged(items, meta),
      providesTags: (_result, _error, { userId }) => [userTag(userId)],
    }),
  }),
});

export const { useUserAddressBookQuery, useUserAddressBookSettingsQuery, useUserWithdrawalHoldsQuery } =
  userProtectionApi;
