// The investor's identity calls (spec section 7; decision 0120), each built from its operation in the contracts.
// Profile: the name (the user's tag, so the session's user and the sidebar follow) and the email change waiting
// for its link. Security (issue 11; docs/decisions/0052, 0062 and 0065): the password change, two-factor sign-in,
// Login Alerts and the account's sessions; issue 26 (docs/decisions/0100, 0101): the trusted devices, new-device
// approval and the freeze; the anti-phishing code (docs/decisions/0098). Each change refreshes what it changed at
// once through its tag.
import {
  accountProtectionOperations,
  antiPhishingOperations,
  identityOperations,
} from '@cropvest/contracts/browser-operations';
import type {
  AccountFreeze,
  DeviceApprovalSetting,
  DeviceApprovalSettingUpdate,
  TrustedDevice,
} from '@cropvest/contracts/identity/account-protection';
import type {
  AntiPhishingCodeState,
  AntiPhishingCodeUpdate,
} from '@cropvest/contracts/identity/anti-phishing';
import type {
  ChangePasswordRequest,
  EmailChangeRequest,
  LoginAlertsSetting,
  PendingEmailChange,
  SessionInfo,
  SessionsRevoked,
  UpdateProfileRequest,
  User,
} from '@cropvest/contracts/identity/auth';
import type {
  RecoveryCodes,
  TwoFactorCodeRequest,
  TwoFactorDisableRequest,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from '@cropvest/contracts/identity/two-factor';
import { api, cacheTags, operationRequest, toPaged, type Paged } from '@cropvest/web-kit';

/** A page of the trusted devices; a handful per account, so a small page keeps the card short. */
export const DEVICES_PAGE_SIZE = 5;

const sessionTags = cacheTags('Sessions');
const deviceTags = cacheTags('TrustedDevices');
// What the account has one of, each the one record of its kind (MINE, like the own KYC submission).
const EMAIL_CHANGE = cacheTags('EmailChange').one('MINE');
const TWO_FACTOR = cacheTags('TwoFactor').one('MINE');
const LOGIN_ALERTS = cacheTags('LoginAlerts').one('MINE');
const DEVICE_APPROVAL = cacheTags('DeviceApproval').one('MINE');
const ANTI_PHISHING_CODE = cacheTags('AntiPhishingCode').one('MINE');

export const identityApi = api
  .enhanceEndpoints({
    addTagTypes: [
      'EmailChange',
      'TwoFactor',
      'Sessions',
      'LoginAlerts',
      'TrustedDevices',
      'DeviceApproval',
      'AntiPhishingCode',
    ],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      updateProfile: build.mutation<User, UpdateProfileRequest>({
        query: (body) => operationRequest(identityOperations.updateProfile, { body }),
        invalidatesTags: ['User'],
      }),
      pendingEmailChange: build.query<PendingEmailChange, void>({
        query: () => operationRequest(identityOperations.pendingEmailChange),
        providesTags: [EMAIL_CHANGE],
      }),
      startEmailChange: build.mutation<PendingEmailChange, EmailChangeRequest>({
        query: (body) => operationRequest(identityOperations.requestEmailChange, { body }),
        invalidatesTags: [EMAIL_CHANGE],
      }),

      loginAlerts: build.query<LoginAlertsSetting, void>({
        query: () => operationRequest(identityOperations.loginAlerts),
        providesTags: [LOGIN_ALERTS],
      }),
      setLoginAlerts: build.mutation<LoginAlertsSetting, LoginAlertsSetting>({
        query: (body) => operationRequest(identityOperations.updateLoginAlerts, { body }),
        invalidatesTags: [LOGIN_ALERTS],
      }),
      changePassword: build.mutation<{ ok: true }, ChangePasswordRequest>({
        query: (body) => operationRequest(identityOperations.changePassword, { body }),
        // Every other session ended.
        invalidatesTags: [sessionTags.list],
      }),
      twoFactorStatus: build.query<TwoFactorStatus, void>({
        query: () => operationRequest(identityOperations.twoFactorStatus),
        providesTags: [TWO_FACTOR],
      }),
      startEnrolment: build.mutation<TwoFactorEnrolment, void>({
        query: () => operationRequest(identityOperations.startTwoFactorEnrolment),
      }),
      confirmEnrolment: build.mutation<RecoveryCodes, TwoFactorCodeRequest>({
        query: (body) => operationRequest(identityOperations.confirmTwoFactorEnrolment, { body }),
        invalidatesTags: [TWO_FACTOR],
      }),
      disableTwoFactor: build.mutation<{ ok: true }, TwoFactorDisableRequest>({
        query: (body) => operationRequest(identityOperations.disableTwoFactor, { body }),
        invalidatesTags: [TWO_FACTOR],
      }),
      newRecoveryCodes: build.mutation<RecoveryCodes, TwoFactorCodeRequest>({
        query: (body) => operationRequest(identityOperations.regenerateRecoveryCodes, { body }),
        invalidatesTags: [TWO_FACTOR],
      }),
      sessions: build.query<SessionInfo[], void>({
        query: () => operationRequest(identityOperations.mySessions),
        providesTags: (sessions) => [
          ...(sessions ?? []).map((session) => sessionTags.one(session.id)),
          sessionTags.list,
        ],
      }),
      revokeSession: build.mutation<SessionsRevoked, string>({
        query: (id) => operationRequest(identityOperations.endSession, { path: { id } }),
        // A device's count of open sessions goes down with it.
        invalidatesTags: (_result, _error, id) => [...sessionTags.changed(id), deviceTags.list],
      }),
      signOutEverywhere: build.mutation<SessionsRevoked, void>({
        query: () => operationRequest(identityOperations.endOtherSessions),
      }),

      trustedDevices: build.query<Paged<TrustedDevice>, number>({
        query: (page) =>
          operationRequest(accountProtectionOperations.trustedDevices, {
            query: { page, pageSize: DEVICES_PAGE_SIZE },
          }),
        transformResponse: (items: TrustedDevice[], meta) => toPaged(items, meta),
        providesTags: deviceTags.page,
      }),
      signOutDevice: build.mutation<SessionsRevoked, string>({
        query: (id) => operationRequest(accountProtectionOperations.signOutDevice, { path: { id } }),
        invalidatesTags: (_result, _error, id) => [...deviceTags.changed(id), sessionTags.list],
      }),
      removeDevice: build.mutation<SessionsRevoked, string>({
        query: (id) => operationRequest(accountProtectionOperations.removeTrustedDevice, { path: { id } }),
        invalidatesTags: (_result, _error, id) => [...deviceTags.changed(id), sessionTags.list],
      }),
      deviceApproval: build.query<DeviceApprovalSetting, void>({
        query: () => operationRequest(accountProtectionOperations.deviceApprovalSetting),
        providesTags: [DEVICE_APPROVAL],
      }),
      setDeviceApproval: build.mutation<DeviceApprovalSetting, DeviceApprovalSettingUpdate>({
        query: (body) => operationRequest(accountProtectionOperations.updateDeviceApprovalSetting, { body }),
        invalidatesTags: [DEVICE_APPROVAL],
      }),
      /** Ends every session, this one too: the caller signs out locally. */
      freezeAccount: build.mutation<AccountFreeze, void>({
        query: () => operationRequest(accountProtectionOperations.freezeAccount),
      }),

      antiPhishingCode: build.query<AntiPhishingCodeState, void>({
        query: () => operationRequest(antiPhishingOperations.antiPhishingCode),
        providesTags: [ANTI_PHISHING_CODE],
      }),
      setAntiPhishingCode: build.mutation<AntiPhishingCodeState, AntiPhishingCodeUpdate>({
        query: (body) => operationRequest(antiPhishingOperations.updateAntiPhishingCode, { body }),
        invalidatesTags: [ANTI_PHISHING_CODE],
      }),
    }),
  });

export const {
  useUpdateProfileMutation,
  usePendingEmailChangeQuery,
  useStartEmailChangeMutation,
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
  useAntiPhishingCodeQuery,
  useSetAntiPhishingCodeMutation,
} = identityApi;
