// The signed-out calls of new-device approval and the freeze (docs/decisions/0100-new-device-approval.md,
// docs/decisions/0101-account-freeze.md). All public: the waiting browser's wait token, or a mailed link's
// single-use token, is the permission.
import type {
  DeviceApprovalClaim,
  DeviceApprovalDenial,
  DeviceApprovalDetails,
  DeviceApprovalWaiting,
  FreezeLinkRequest,
  UnfreezeConfirmRequest,
  UnfreezeRequest,
  UnfreezeRequested,
} from '@cropvest/contracts/account-protection';
import type { LoginResponse } from '@cropvest/contracts/two-factor';
import { api } from '@cropvest/web-kit';

/** What the waiting browser hears: still waiting (HTTP 202), or what the sign-in goes on with. */
export type DeviceApprovalAnswer = DeviceApprovalWaiting | LoginResponse;
export const isStillWaiting = (answer: DeviceApprovalAnswer): answer is DeviceApprovalWaiting =>
  'status' in answer && answer.status === 'pending';

const accountProtectionApi = api.injectEndpoints({
  endpoints: (build) => ({
    claimDeviceApproval: build.mutation<DeviceApprovalAnswer, DeviceApprovalClaim>({
      query: (body) => ({ url: 'auth/login/device-approval', method: 'POST', body }),
    }),
    // A POST because the token stays out of URLs and logs; it reads, so it is a query with its own cache entry.
    deviceApprovalDetails: build.query<DeviceApprovalDetails, string>({
      query: (token) => ({ url: 'auth/device-approvals/details', method: 'POST', body: { token } }),
    }),
    approveDevice: build.mutation<DeviceApprovalDetails, string>({
      query: (token) => ({ url: 'auth/device-approvals/approve', method: 'POST', body: { token } }),
      onQueryStarted: (token, { dispatch, queryFulfilled }) => showDecision(token, dispatch, queryFulfilled),
    }),
    denyDevice: build.mutation<DeviceApprovalDetails, Required<DeviceApprovalDenial>>({
      query: (body) => ({ url: 'auth/device-approvals/deny', method: 'POST', body }),
      onQueryStarted: ({ token }, { dispatch, queryFulfilled }) =>
        showDecision(token, dispatch, queryFulfilled),
    }),
    freezeFromLink: build.mutation<{ ok: true }, FreezeLinkRequest>({
      query: (body) => ({ url: 'auth/freeze/link', method: 'POST', body }),
    }),
    requestUnfreeze: build.mutation<UnfreezeRequested, UnfreezeRequest>({
      query: (body) => ({ url: 'auth/unfreeze', method: 'POST', body }),
    }),
    confirmUnfreeze: build.mutation<{ ok: true }, UnfreezeConfirmRequest>({
      query: (body) => ({ url: 'auth/unfreeze/confirm', method: 'POST', body }),
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
    dispatch(accountProtectionApi.util.upsertQueryData('deviceApprovalDetails', token, data));
  } catch {
    // The page reports the refusal itself.
  }
}

export const {
  useClaimDeviceApprovalMutation,
  useDeviceApprovalDetailsQuery,
  useApproveDeviceMutation,
  useDenyDeviceMutation,
  useFreezeFromLinkMutation,
  useRequestUnfreezeMutation,
  useConfirmUnfreezeMutation,
} = accountProtectionApi;
