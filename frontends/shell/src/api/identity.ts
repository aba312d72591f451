// The shell's identity calls besides the session's own (web-kit's api.ts), each built from its operation in the
// contracts (decision 0120). The calls behind mailed links: confirming a new email address and setting a new
// password, both public (the link's single-use token is the permission); a confirmed address refreshes the
// signed-in user, if any. The signed-out calls of new-device approval and the freeze
// (docs/decisions/0100-new-device-approval.md, docs/decisions/0101-account-freeze.md), all public: the waiting
// browser's wait token, or a mailed link's single-use token, is the permission. And the change of a password past
// its age (issue 13 section 2), the one call the server answers until then.
import type {
  DeviceApprovalClaim,
  DeviceApprovalDenial,
  DeviceApprovalDetails,
  DeviceApprovalWaiting,
  FreezeLinkRequest,
  UnfreezeConfirmRequest,
  UnfreezeRequest,
  UnfreezeRequested,
} from '@cropvest/contracts/identity/account-protection';
import { accountProtectionOperations, identityOperations } from '@cropvest/contracts/browser-operations';
import type {
  ChangePasswordRequest,
  EmailChangeConfirmed,
  EmailChangeConfirmRequest,
  ResetPasswordRequest,
} from '@cropvest/contracts/identity/auth';
import type { LoginResponse } from '@cropvest/contracts/identity/two-factor';
import { api, operationRequest } from '@cropvest/web-kit';

/** What the waiting browser hears: still waiting (HTTP 202), or what the sign-in goes on with. */
export type DeviceApprovalAnswer = DeviceApprovalWaiting | LoginResponse;
export const isStillWaiting = (answer: DeviceApprovalAnswer): answer is DeviceApprovalWaiting =>
  'status' in answer && answer.status === 'pending';

const shellIdentityApi = api.injectEndpoints({
  endpoints: (build) => ({
    confirmEmailChange: build.mutation<EmailChangeConfirmed, EmailChangeConfirmRequest>({
      query: (body) => operationRequest(identityOperations.confirmEmailChange, { body }),
      invalidatesTags: ['User'],
    }),
    resetPassword: build.mutation<{ ok: true }, ResetPasswordRequest>({
      query: (body) => operationRequest(identityOperations.resetPassword, { body }),
    }),
    changeExpiredPassword: build.mutation<{ ok: true }, ChangePasswordRequest>({
      query: (body) => operationRequest(identityOperations.changePassword, { body }),
    }),

    claimDeviceApproval: build.mutation<DeviceApprovalAnswer, DeviceApprovalClaim>({
      query: (body) => operationRequest(accountProtectionOperations.claimDeviceApproval, { body }),
    }),
    // A POST because the token stays out of URLs and logs; it reads, so it is a query with its own cache entry.
    deviceApprovalDetails: build.query<DeviceApprovalDetails, string>({
      query: (token) =>
        operationRequest(accountProtectionOperations.deviceApprovalDetails, { body: { token } }),
    }),
    approveDevice: build.mutation<DeviceApprovalDetails, string>({
      query: (token) => operationRequest(accountProtectionOperations.approveDevice, { body: { token } }),
      onQueryStarted: (token, { dispatch, queryFulfilled }) => showDecision(token, dispatch, queryFulfilled),
    }),
    denyDevice: build.mutation<DeviceApprovalDetails, Required<DeviceApprovalDenial>>({
      query: (body) => operationRequest(accountProtectionOperations.denyDevice, { body }),
      onQueryStarted: ({ token }, { dispatch, queryFulfilled }) =>
        showDecision(token, dispatch, queryFulfilled),
    }),
    freezeFromLink: build.mutation<{ ok: true }, FreezeLinkRequest>({
      query: (body) => operationRequest(accountProtectionOperations.freezeByLink, { body }),
    }),
    requestUnfreeze: build.mutation<UnfreezeRequested, UnfreezeRequest>({
      query: (body) => operationRequest(accountProtectionOperations.requestUnfreeze, { body }),
    }),
    confirmUnfreeze: build.mutation<{ ok: true }, UnfreezeConfirmRequest>({
      query: (body) => operationRequest(accountProtectionOperations.confirmUnfreeze, { body }),
    }),
  }),
});

/** The decision's answer is the link's new state: the page shows it without asking again. */
async function showDecision(
  token: string,
  dispatch: (action: unknown) => unknown,
  queryFulfilled: Promise<{ data: DeviceApprovalDetails }>,
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(shellIdentityApi.util.upsertQueryData('deviceApprovalDetails', token, data));
  } catch {
    // The page reports the refusal itself.
  }
}

export const {
  useConfirmEmailChangeMutation,
  useResetPasswordMutation,
  useChangeExpiredPasswordMutation,
  useClaimDeviceApprovalMutation,
  useDeviceApprovalDetailsQuery,
  useApproveDeviceMutation,
  useDenyDeviceMutation,
  useFreezeFromLinkMutation,
  useRequestUnfreezeMutation,
  useConfirmUnfreezeMutation,
} = shellIdentityApi;
