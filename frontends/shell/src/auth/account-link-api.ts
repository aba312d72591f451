// The calls behind mailed links: confirming a new email address and setting a new password. Both are public
// (the link's single-use token is the permission); a confirmed address refreshes the signed-in user, if any.
import type {
  EmailChangeConfirmed,
  EmailChangeConfirmRequest,
  ResetPasswordRequest,
} from '@cropvest/contracts/auth';
import { api } from '@cropvest/web-kit';

const accountLinkApi = api.injectEndpoints({
  endpoints: (build) => ({
    confirmEmailChange: build.mutation<EmailChangeConfirmed, EmailChangeConfirmRequest>({
      query: (body) => ({ url: 'auth/email-change/confirm', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    resetPassword: build.mutation<{ ok: true }, ResetPasswordRequest>({
      query: (body) => ({ url: 'auth/reset-password', method: 'POST', body }),
    }),
  }),
});

export const { useConfirmEmailChangeMutation, useResetPasswordMutation } = accountLinkApi;
