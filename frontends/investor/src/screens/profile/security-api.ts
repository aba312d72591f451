// Security tab calls (issue 11; docs/decisions/0052, 0062 and 0065): the password change, two-factor sign-in,
// Login Alerts and the account's sessions. Each change refreshes what it changed at once through its tag.
import type {
  ChangePasswordRequest,
  LoginAlertsSetting,
  SessionInfo,
  SessionsRevoked,
} from '@cropvest/contracts/auth';
import type {
  RecoveryCodes,
  TwoFactorCodeRequest,
  TwoFactorDisableRequest,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from '@cropvest/contracts/two-factor';
import { api } from '@cropvest/web-kit';

export const securityApi = api
  .enhanceEndpoints({ addTagTypes: ['TwoFactor', 'Sessions', 'LoginAlerts'] })
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
        invalidatesTags: ['Sessions'],
      }),
      signOutEverywhere: build.mutation<SessionsRevoked, void>({
        query: () => ({ url: 'auth/sessions', method: 'DELETE' }),
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
} = securityApi;
