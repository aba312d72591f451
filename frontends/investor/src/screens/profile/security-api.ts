// Security tab calls (issue 11; docs/decisions/0052, 0062 and 0065): the password change, two-factor sign-in,
// Login Alerts and the account's sessions; issue 26 (docs/decisions/0100, 0101): the trusted devices, new-device
// approval and the freeze. Each change refreshes what it changed at once through its tag.
import type {
  ChangePasswordRequest,
  LoginAlertsSetting,
  SessionInfo,
  SessionsRevoked,
} from '@cropvest/contracts/auth';
import type {
  AccountFreeze,
  DeviceApprovalSetting,
  DeviceApprovalSettingUpdate,
  TrustedDevice,
} from '@cropvest/contracts/account-protection';
import type {
  RecoveryCodes,
  TwoFactorCodeRequest,
  TwoFactorDisableRequest,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from '@cropvest/contracts/two-factor';
import { api, toPaged, type Paged } from '@cropvest/web-kit';

/** A page of the trusted devices; a handful per account, so a small page keeps the card short. */
export const DEVICES_PAGE_SIZE = 5;

export const securityApi = api
  .enhanceEndpoints({
    addTagTypes: ['TwoFactor', 'Sessions', 'LoginAlerts', 'TrustedDevices', 'DeviceApproval'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      loginAlerts: build.query<LoginAlertsSetting, void>({
        query: () => 'auth/login-alerts',
        providesTags: ['LoginAlerts'],
      }),
      setLoginAlerts: build.mutation<LoginAlertsSetting, LoginAlertsSetting>({
        query: (body) => ({ url: 'auth/login-alerts', method: 'PUT', body }),
        invalidatesTags: ['LoginAlerts'],
      }),
      changePassword: build.mutation<{ ok: true }, ChangePasswordRequest>({
        query: (body) => ({ url: 'auth/change-password', method: 'POST', body }),
        // Every other session ended.
        invalidatesTags: ['Sessions'],
      }),
      twoFactorStatus: build.query<TwoFactorStatus, void>({
        query: () => 'auth/two-factor',
        providesTags: ['TwoFactor'],
      }),
      startEnrolment: build.mutation<TwoFactorEnrolment, void>({
        query: () => ({ url: 'auth/two-factor/enrolment', method: 'POST' }),
      }),
      confirmEnrolment: build.mutation<RecoveryCodes, TwoFactorCodeRequest>({
        query: (body) => ({ url: 'auth/two-factor/enrolment/confirm', method: 'POST', body }),
        invalidatesTags: ['TwoFactor'],
      }),
      disableTwoFactor: build.mutation<{ ok: true }, TwoFactorDisableRequest>({
        query: (body) => ({ url: 'auth/two-factor/disable', method: 'POST', body }),
        invalidatesTags: ['TwoFactor'],
      }),
      newRecoveryCodes: build.mutation<RecoveryCodes, TwoFactorCodeRequest>({
        query: (body) => ({ url: 'auth/two-factor/recovery-codes', method: 'POST', body }),
        invalidatesTags: ['TwoFactor'],
      }),
      sessions: build.query<SessionInfo[], void>({
        query: () => 'auth/sessions',
        providesTags: ['Sessions'],
      }),
      revokeSession: build.mutation<SessionsRevoked, string>({
        query: (id) => ({ url: `auth/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
        // A device's count of open sessions goes down with it.
        invalidatesTags: ['Sessions', 'TrustedDevices'],
      }),
      signOutEverywhere: build.mutation<SessionsRevoked, void>({
        query: () => ({ url: 'auth/sessions', method: 'DELETE' }),
      }),
      trustedDevices: build.query<Paged<TrustedDevice>, number>({
        query: (page) => ({ url: 'auth/devices', params: { page, pageSize: DEVICES_PAGE_SIZE } }),
        transformResponse: (items: TrustedDevice[], meta) => toPaged(items, meta),
        providesTags: ['TrustedDevices'],
      }),
      signOutDevice: build.mutation<SessionsRevoked, string>({
        query: (id) => ({ url: ['auth', 'devices', id, 'sign-out'], method: 'POST' }),
        invalidatesTags: ['TrustedDevices', 'Sessions'],
      }),
      removeDevice: build.mutation<SessionsRevoked, string>({
        query: (id) => ({ url: ['auth', 'devices', id], method: 'DELETE' }),
        invalidatesTags: ['TrustedDevices', 'Sessions'],
      }),
      deviceApproval: build.query<DeviceApprovalSetting, void>({
        query: () => 'auth/device-approval',
        providesTags: ['DeviceApproval'],
      }),
      setDeviceApproval: build.mutation<DeviceApprovalSetting, DeviceApprovalSettingUpdate>({
        query: (body) => ({ url: 'auth/device-approval', method: 'PUT', body }),
        invalidatesTags: ['DeviceApproval'],
      }),
      /** Ends every session, this one too: the caller signs out locally. */
      freezeAccount: build.mutation<AccountFreeze, void>({
        query: () => ({ url: 'auth/freeze', method: 'POST' }),
      }),
    }),
  });

export const {
  useLoginAlertsQuery,
  useSetLoginAlertsMutation,
  useChangePasswordMutation,
  useTwoFactorStatusQuery,
  useStartEnrolmentMutation,
  useConfirmEnrolmentMutation,
  useDisableTwoFactorMutation,
  useNewRecoveryCodesMutation,
  useSessionsQuery,
  useRevokeSessionMutation,
  useSignOutEverywhereMutation,
  useTrustedDevicesQuery,
  useSignOutDeviceMutation,
  useRemoveDeviceMutation,
  useDeviceApprovalQuery,
  useSetDeviceApprovalMutation,
  useFreezeAccountMutation,
} = securityApi;
