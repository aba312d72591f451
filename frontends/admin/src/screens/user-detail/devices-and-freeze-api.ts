// The user page's trusted devices and account freeze (issue 26, docs/decisions/0100 and 0101), from identity: the
// devices one page at a time, the freeze with the user's new-device approval, and an admin's freeze or unfreeze
// with its reason. Under the user page's tag: a freeze ends the user's sessions and adds an audit entry, so every
// section reads again.
import type {
  AccountFreeze,
  AdminAccountProtection,
  AdminFreezeRequest,
  TrustedDevice,
} from '@cropvest/contracts/account-protection';
import { api, toPaged, type Paged } from '@cropvest/web-kit';
import { SECTION_PAGE_SIZE, userTag, type SectionArgs } from '../../shared/user-detail/api.ts';

export const userDevicesAndFreezeApi = api.injectEndpoints({
  endpoints: (build) => ({
    userDevices: build.query<Paged<TrustedDevice>, SectionArgs>({
      query: ({ userId, page }) => ({
        url: ['admin', 'users', userId, 'devices'],
        params: { page, pageSize: SECTION_PAGE_SIZE },
      }),
      transformResponse: (items: TrustedDevice[], meta) => toPaged(items, meta),
      providesTags: (_result, _error, { userId }) => [userTag(userId)],
    }),
    userFreeze: build.query<AdminAccountProtection, string>({
      query: (userId) => ({ url: ['admin', 'users', userId, 'freeze'] }),
      providesTags: (_result, _error, userId) => [userTag(userId)],
    }),
    setUserFrozen: build.mutation<
      AccountFreeze,
      { userId: string; frozen: boolean; body: AdminFreezeRequest }
    >({
      query: ({ userId, frozen, body }) => ({
        url: ['admin', 'users', userId, frozen ? 'freeze' : 'unfreeze'],
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { userId }) => [userTag(userId)],
    }),
  }),
});

export const { useUserDevicesQuery, useUserFreezeQuery, useSetUserFrozenMutation } = userDevicesAndFreezeApi;
