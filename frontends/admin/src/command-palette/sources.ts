// What the palette finds besides screens: users, deposits, withdrawals and plans, each through the admin list
// endpoint its own screen uses (the same search the list's box sends), a few of the newest matches each.
import type { AppDispatch } from '@cropvest/web-kit';
import { adminIdentityApi } from '../api/identity.ts';
import { adminPlansApi } from '../api/plans.ts';
import { adminWalletApi } from '../api/wallet.ts';

/** Results per group: enough to pick from, few enough that every group fits on a phone. */
export const RESULTS_PER_GROUP = 5;

const firstPage = { page: 1, pageSize: RESULTS_PER_GROUP } as const;
const newestTransfers = { ...firstPage, status: 'all', sort: '-createdAt' } as const;

/** Name, email or a whole user id. */
export const searchUsers = (dispatch: AppDispatch, q: string) =>
  dispatch(adminIdentityApi.endpoints.userList.initiate({ ...firstPage, q }));

/** The user's name or email, or the deposit's transaction id. */
export const searchDeposits = (dispatch: AppDispatch, q: string) =>
  dispatch(adminWalletApi.endpoints.depositQueue.initiate({ ...newestTransfers, q }));

/** The user's name or email, or the withdrawal's wallet address. */
export const searchWithdrawals = (dispatch: AppDispatch, q: string) =>
  dispatch(adminWalletApi.endpoints.withdrawalQueue.initiate({ ...newestTransfers, q }));

/** The plan's title or whole id. */
export const searchPlans = (dispatch: AppDispatch, q: string) =>
  dispatch(adminPlansApi.endpoints.adminPlans.initiate({ ...firstPage, q }));
