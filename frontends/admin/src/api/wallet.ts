// The admin's wallet calls (spec section 7; decision 0120), each built from its operation in the contracts: Manage
// Deposits and Manage Withdrawals (one server page of the searched, filtered and sorted requests, total in
// X-Total-Count; the counts per status; a review; a deposit's proof; a payout's transaction id), Wallet Settings
// (the platform's address on each network and the history of its changes), Payment Methods (the networks
// accepted per direction, read by the investors' Withdraw too), and the user page's wallet sections: deposits,
// withdrawals, balance adjustments with their second approval, withdrawal limits and their raises (decision 0099),
// and the investor's account protection (decision 0102: saved addresses with their cool-downs, the "whitelisted
// addresses only" switch, every withdrawal hold).
import {
  addressBookOperations,
  walletOperations,
  withdrawalHoldOperations,
  withdrawalLimitOperations,
} from '@cropvest/contracts/browser-operations';
import type { AddressBookEntry, AddressBookSettings } from '@cropvest/contracts/wallet/address-book';
import type {
  AdminBalanceAdjustment,
  AdminDeposit,
  AdminDepositDetail,
  AdminTransferCounts,
  AdminWithdrawal,
  AdminWithdrawalDetail,
  PaymentMethod,
  PaymentMethodUpdate,
  ProofLink,
  WalletAddressChange,
  WalletSettings,
  WalletSettingsUpdate,
} from '@cropvest/contracts/wallet/model';
import type { AdminWithdrawalHold } from '@cropvest/contracts/wallet/withdrawal-holds';
import type {
  AdminWithdrawalLimits,
  WithdrawalLimitRaise,
} from '@cropvest/contracts/wallet/withdrawal-limits';
import {
  api,
  cacheTags,
  operationRequest,
  toastMessage,
  toPaged,
  type ApiRequest,
  type OperationBody,
  type Paged,
} from '@cropvest/web-kit';
import type { QueueArgs } from '../shared/review-queue/queue.ts';
import { sectionPage, userPageTags, userSectionQuery, type SectionArgs } from './user-page.ts';

export const depositTags = cacheTags('Deposits');
export const withdrawalTags = cacheTags('Withdrawals');

/** What a review also changes: the dashboard's queues and the investor's history. */
const REVIEWED = ['AdminDashboard', 'Transactions'] as const;

export interface BulkReviewFailure {
  id: string;
  message: string;
}

/** What a `queryFn` is handed to make a request through the data layer. */
type Call = (
  request: ApiRequest,
) => { data?: unknown; error?: unknown } | PromiseLike<{ data?: unknown; error?: unknown }>;

/**
 * Reviews several deposits one request each (each is reviewed and audited on its own, so one refusal does not
 * stop the rest); answers the deposits as reviewed and those that failed with their message.
 */
async function reviewEach(ids: readonly string[], status: 'approved' | 'rejected', call: Call) {
  const reviewed: AdminDeposit[] = [];
  const failed: BulkReviewFailure[] = [];
  for (const id of ids) {
    const result = await call(
      operationRequest(walletOperations.reviewDeposit, { path: { id }, body: { status } }),
    );
    if (result.error)
      failed.push({ id, message: toastMessage(result.error, 'Failed to update deposit status') });
    else reviewed.push(result.data as AdminDeposit);
  }
  return { reviewed, failed };
}

export const adminWalletApi = api
  .enhanceEndpoints({ addTagTypes: ['WalletHistory', 'ChainNetworks'] })
  .injectEndpoints({
    endpoints: (build) => ({
      depositQueue: build.query<Paged<AdminDeposit>, QueueArgs>({
        query: (query) => operationRequest(walletOperations.adminDeposits, { query }),
        transformResponse: (items: AdminDeposit[], meta) => toPaged(items, meta),
        providesTags: depositTags.page,
      }),
      depositCounts: build.query<AdminTransferCounts, { q?: string }>({
        query: (query) => operationRequest(walletOperations.adminDepositCounts, { query }),
        providesTags: [depositTags.list],
      }),
      /** One deposit's page: a review here or on the list, or the live stream, reads it again. */
      adminDeposit: build.query<AdminDepositDetail, string>({
        query: (id) => operationRequest(walletOperations.adminDeposit, { path: { id } }),
        providesTags: (_result, _error, id) => depositTags.changed(id),
      }),
      reviewDeposit: build.mutation<
        AdminDeposit,
        { id: string; body: OperationBody<typeof walletOperations.reviewDeposit> }
      >({
        query: ({ id, body }) => operationRequest(walletOperations.reviewDeposit, { path: { id }, body }),
        // The spec refreshes deposits and the dashboard; an approval also moves the investor's balance.
        invalidatesTags: (_result, _error, { id }) => [...depositTags.changed(id), ...REVIEWED],
      }),
      /**
       * Rejects several pending deposits one request each (each is reviewed and audited on its own), then
       * invalidates once; answers which were rejected and which failed with their message.
       */
      rejectDeposits: build.mutation<{ rejected: string[]; failed: BulkReviewFailure[] }, string[]>({
        queryFn: async (ids, _api, _extra, baseQuery) => {
          const { reviewed, failed } = await reviewEach(ids, 'rejected', baseQuery);
          return { data: { rejected: reviewed.map((deposit) => deposit.id), failed } };
        },
        invalidatesTags: [depositTags.list, ...REVIEWED],
      }),
      /**
       * Approves several pending deposits the same way, one request each. A deposit at or above the four-eyes
       * threshold without a first approval only records this admin's first approval and stays pending: those are
       * answered apart from the credited ones.
       */
      approveDeposits: build.mutation<
        { credited: string[]; firstApprovals: string[]; failed: BulkReviewFailure[] },
        string[]
      >({
        queryFn: async (ids, _api, _extra, baseQuery) => {
          const { reviewed, failed } = await reviewEach(ids, 'approved', baseQuery);
          const stillPending = reviewed.filter((deposit) => deposit.status === 'pending');
          return {
            data: {
              credited: reviewed
                .filter((deposit) => deposit.status === 'approved')
                .map((deposit) => deposit.id),
              firstApprovals: stillPending.map((deposit) => deposit.id),
              failed,
            },
          };
        },
        invalidatesTags: [depositTags.list, ...REVIEWED],
      }),
      /** A fresh link on every call (it expires within minutes), so nothing is kept. */
      adminDepositProof: build.query<ProofLink, string>({
        query: (id) => operationRequest(walletOperations.depositProof, { path: { id } }),
        keepUnusedDataFor: 0,
      }),

      withdrawalQueue: build.query<Paged<AdminWithdrawal>, QueueArgs>({
        query: (query) => operationRequest(walletOperations.adminWithdrawals, { query }),
        transformResponse: (items: AdminWithdrawal[], meta) => toPaged(items, meta),
        providesTags: withdrawalTags.page,
      }),
      withdrawalCounts: build.query<AdminTransferCounts, { q?: string }>({
        query: (query) => operationRequest(walletOperations.adminWithdrawalCounts, { query }),
        providesTags: [withdrawalTags.list],
      }),
      adminWithdrawal: build.query<AdminWithdrawalDetail, string>({
        query: (id) => operationRequest(walletOperations.adminWithdrawal, { path: { id } }),
        providesTags: (_result, _error, id) => withdrawalTags.changed(id),
      }),
      reviewWithdrawal: build.mutation<
        AdminWithdrawal,
        { id: string; body: OperationBody<typeof walletOperations.reviewWithdrawal> }
      >({
        query: ({ id, body }) => operationRequest(walletOperations.reviewWithdrawal, { path: { id }, body }),
        invalidatesTags: (_result, _error, { id }) => [...withdrawalTags.changed(id), ...REVIEWED],
      }),
      /**
       * The payout's transaction id of an approved withdrawal (approved without one, or with one the chain found
       * wrong or never found); the chain verifies it. Moves no money. A refusal (409: not approved, or the payout
       * already verified or being verified) also means the row shown is out of date: it is read again.
       */
      recordPayoutTxid: build.mutation<AdminWithdrawal, { id: string; txid: string }>({
        query: ({ id, txid }) =>
          operationRequest(walletOperations.recordWithdrawalTxid, { path: { id }, body: { txid } }),
        invalidatesTags: (_result, _error, { id }) => withdrawalTags.changed(id),
      }),

      platformWallets: build.query<WalletSettings[], void>({
        query: () => operationRequest(walletOperations.adminWalletSettings),
        providesTags: ['WalletSettings'],
      }),
      saveWallet: build.mutation<WalletSettings, WalletSettingsUpdate>({
        query: (body) => operationRequest(walletOperations.updateWalletSettings, { body }),
        // The chain service hears of the change through the bus: its list of addresses follows.
        invalidatesTags: ['WalletSettings', 'WalletHistory', 'PaymentMethods', 'ChainNetworks'],
      }),
      walletHistory: build.query<Paged<WalletAddressChange>, { page: number; pageSize: number }>({
        query: (query) => operationRequest(walletOperations.walletAddressHistory, { query }),
        transformResponse: (items: WalletAddressChange[], meta) => toPaged(items, meta),
        providesTags: ['WalletHistory'],
      }),
      paymentMethods: build.query<PaymentMethod[], void>({
        query: () => operationRequest(walletOperations.paymentMethods),
        providesTags: ['PaymentMethods'],
      }),
      savePaymentMethod: build.mutation<PaymentMethod[], PaymentMethodUpdate>({
        query: (body) => operationRequest(walletOperations.updatePaymentMethods, { body }),
        invalidatesTags: ['PaymentMethods', 'ChainNetworks'],
      }),

      userDeposits: build.query<Paged<AdminDeposit>, SectionArgs>({
        query: (args) => operationRequest(walletOperations.adminDeposits, { query: userSectionQuery(args) }),
        transformResponse: (items: AdminDeposit[], meta) => toPaged(items, meta),
        providesTags: (_result, _error, { userId }) => [userPageTags.one(userId), depositTags.list],
      }),
      userWithdrawals: build.query<Paged<AdminWithdrawal>, SectionArgs>({
        query: (args) =>
          operationRequest(walletOperations.adminWithdrawals, { query: userSectionQuery(args) }),
        transformResponse: (items: AdminWithdrawal[], meta) => toPaged(items, meta),
        providesTags: (_result, _error, { userId }) => [userPageTags.one(userId), withdrawalTags.list],
      }),
      userAdjustments: build.query<Paged<AdminBalanceAdjustment>, SectionArgs>({
        query: (args) =>
          operationRequest(walletOperations.balanceAdjustments, { query: userSectionQuery(args) }),
        transformResponse: (items: AdminBalanceAdjustment[], meta) => toPaged(items, meta),
        providesTags: (_result, _error, { userId }) => [userPageTags.one(userId)],
      }),
      reviewAdjustment: build.mutation<
        AdminBalanceAdjustment,
        { id: string; userId: string; body: OperationBody<typeof walletOperations.reviewBalanceAdjustment> }
      >({
        query: ({ id, body }) =>
          operationRequest(walletOperations.reviewBalanceAdjustment, { path: { id }, body }),
        // An approval moves the balance: the header, every section, the history and the dashboard follow.
        invalidatesTags: (_result, _error, { userId }) => [
          userPageTags.one(userId),
          'Transactions',
          'AdminDashboard',
        ],
      }),
      userWithdrawalLimits: build.query<AdminWithdrawalLimits, string>({
        query: (userId) =>
          operationRequest(withdrawalLimitOperations.userWithdrawalLimits, { path: { id: userId } }),
        providesTags: (_result, _error, userId) => [userPageTags.one(userId), withdrawalTags.list],
      }),
      /** A raise also shows in the user page's audit section. */
      raiseWithdrawalLimits: build.mutation<
        WithdrawalLimitRaise,
        { userId: string; body: OperationBody<typeof withdrawalLimitOperations.raiseWithdrawalLimits> }
      >({
        query: ({ userId, body }) =>
          operationRequest(withdrawalLimitOperations.raiseWithdrawalLimits, { path: { id: userId }, body }),
        invalidatesTags: (_result, _error, { userId }) => [userPageTags.one(userId)],
      }),
      reviewLimitRaise: build.mutation<
        WithdrawalLimitRaise,
        {
          id: string;
          userId: string;
          body: OperationBody<typeof withdrawalLimitOperations.reviewWithdrawalLimitRaise>;
        }
      >({
        query: ({ id, body }) =>
          operationRequest(withdrawalLimitOperations.reviewWithdrawalLimitRaise, { path: { id }, body }),
        invalidatesTags: (_result, _error, { userId }) => [userPageTags.one(userId)],
      }),
      userAddressBook: build.query<Paged<AddressBookEntry>, SectionArgs>({
        query: (args) =>
          operationRequest(addressBookOperations.userAddressBook, {
            path: { id: args.userId },
            query: sectionPage(args),
          }),
        transformResponse: (items: AddressBookEntry[], meta) => toPaged(items, meta),
        providesTags: (_result, _error, { userId }) => [userPageTags.one(userId)],
      }),
      userAddressBookSettings: build.query<AddressBookSettings, string>({
        query: (userId) =>
          operationRequest(addressBookOperations.userAddressBookSettings, { path: { id: userId } }),
        providesTags: (_result, _error, userId) => [userPageTags.one(userId)],
      }),
      userWithdrawalHolds: build.query<Paged<AdminWithdrawalHold>, SectionArgs>({
        query: (args) =>
          operationRequest(withdrawalHoldOperations.userWithdrawalHolds, {
            path: { id: args.userId },
            query: sectionPage(args),
          }),
        transformResponse: (items: AdminWithdrawalHold[], meta) => toPaged(items, meta),
        providesTags: (_result, _error, { userId }) => [userPageTags.one(userId)],
      }),
    }),
  });

export const {
  useDepositQueueQuery,
  useAdminDepositQuery,
  useAdminWithdrawalQuery,
  useDepositCountsQuery,
  useReviewDepositMutation,
  useRejectDepositsMutation,
  useApproveDepositsMutation,
  useAdminDepositProofQuery,
  useWithdrawalQueueQuery,
  useWithdrawalCountsQuery,
  useReviewWithdrawalMutation,
  useRecordPayoutTxidMutation,
  usePlatformWalletsQuery,
  useSaveWalletMutation,
  useWalletHistoryQuery,
  usePaymentMethodsQuery,
  useSavePaymentMethodMutation,
  useUserDepositsQuery,
  useUserWithdrawalsQuery,
  useUserAdjustmentsQuery,
  useReviewAdjustmentMutation,
  useUserWithdrawalLimitsQuery,
  useRaiseWithdrawalLimitsMutation,
  useReviewLimitRaiseMutation,
  useUserAddressBookQuery,
  useUserAddressBookSettingsQuery,
  useUserWithdrawalHoldsQuery,
} = adminWalletApi;
