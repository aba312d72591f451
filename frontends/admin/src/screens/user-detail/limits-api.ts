// The user page's withdrawal limits (docs/decisions/0099), from the wallet: the investor's limits, usage and latest
// raises; a raise and a held raise's decision. Under the user page's tag: a raise also shows in its audit section.
import type {
  AdminWithdrawalLimits,
  WithdrawalLimitRaise,
  WithdrawalLimitRaiseRequest,
  WithdrawalLimitRaiseStatusUpdate,
} from '@cropvest/contracts/withdrawal-limits';
import { api } from '@cropvest/web-kit';
import { userTag } from '../../shared/user-detail/api.ts';

export const userLimitsApi = api.injectEndpoints({
  endpoints: (build) => ({
    userWithdrawalLimits: build.query<AdminWithdrawalLimits, string>({
      query: (userId) => ({ url: ['admin', 'withdrawal-limits', userId] }),
      providesTags: (_result, _error, userId) => [userTag(userId), { type: 'Withdrawals', id: 'LIST' }],
    }),
    raiseWithdrawalLimits: build.mutation<
      WithdrawalLimitRaise,
      { userId: string; body: WithdrawalLimitRaiseRequest }
    >({
      query: ({ userId, body }) => ({
        url: ['admin', 'withdrawal-limits', userId, 'raises'],
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { userId }) => [userTag(userId)],
    }),
    reviewLimitRaise: build.mutation<
      WithdrawalLimitRaise,
      { id: string; userId: string; body: WithdrawalLimitRaiseStatusUpdate }
    >({
      query: ({ id, body }) => ({
        url: ['admin', 'withdrawal-limit-raises', id, 'status'],
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_result, _error, { userId }) => [userTag(userId)],
    }),
  }),
});

export const { useUserWithdrawalLimitsQuery, useRaiseWithdrawalLimitsMutation, useReviewLimitRaiseMutation } =
  userLimitsApi;
