// The investor's wallet calls (spec section 7; decision 0120), each built from its operation in the contracts:
// deposits (docs/decisions/0080: own deposits, one server page newest first with each one's chain verdict;
// claiming one; a short-lived link to its proof), withdrawals (the networks that take them, own withdrawals,
// requesting one, which holds the amount at once; the hold after a security change, decision 0098; the limits,
// decision 0099), the transaction history and its statement file, and the withdrawal address book (decision 0097).
import type { PageQuery } from '@cropvest/contracts/common';
import type {
  AddressBookEntry,
  AddressBookEntryRequest,
  AddressBookSettings,
  AddressBookSettingsUpdate,
  LookalikeCheck,
} from '@cropvest/contracts/wallet/address-book';
import {
  addressBookOperations,
  statementOperations,
  walletOperations,
  withdrawalHoldOperations,
  withdrawalLimitOperations,
} from '@cropvest/contracts/browser-operations';
import type { StatementQuery } from '@cropvest/contracts/wallet/statement';
import type {
  Deposit,
  DepositDetail,
  PaymentMethod,
  ProofLink,
  TransactionHistoryFilter,
  TransactionHistoryItem,
  Withdrawal,
  WithdrawalDetail,
  WithdrawalRequest,
} from '@cropvest/contracts/wallet/model';
import type { WithdrawalHold } from '@cropvest/contracts/wallet/withdrawal-holds';
import type { WithdrawalLimits } from '@cropvest/contracts/wallet/withdrawal-limits';
import { api, cacheTags, operationRequest, toPaged, type ApiRequest, type Paged } from '@cropvest/web-kit';
import type { DepositBody } from '../shared/deposit/rules.ts';
import { investmentTags } from './plans.ts';

export const depositTags = cacheTags('Deposits');
export const withdrawalTags = cacheTags('Withdrawals');
const transactionTags = cacheTags('Transactions');
const addressBookTags = cacheTags('AddressBook');
const ADDRESS_BOOK_SETTINGS = addressBookTags.one('SETTINGS');

export const depositsApi = api.injectEndpoints({
  endpoints: (build) => ({
    myDeposits: build.query<Paged<Deposit>, PageQuery>({
      query: (query) => operationRequest(walletOperations.myDeposits, { query }),
      transformResponse: (items: Deposit[], meta) => toPaged(items, meta),
      providesTags: depositTags.page,
    }),
    /** One deposit's page: its own tag and the list's, which the live stream's deposits topic invalidates. */
    myDeposit: build.query<DepositDetail, string>({
      query: (id) => operationRequest(walletOperations.myDeposit, { path: { id } }),
      providesTags: (_result, _error, id) => depositTags.changed(id),
    }),
    createDeposit: build.mutation<Deposit, DepositBody>({
      query: (body) => operationRequest(walletOperations.createDeposit, { body }),
      // A new pending deposit: the lists that show deposits (the transaction history too), and the user (the spec
      // refreshes it after a deposit).
      invalidatesTags: [depositTags.list, 'User'],
    }),
    /** A fresh link on every call (it expires within minutes), so nothing is kept. */
    depositProof: build.query<ProofLink, string>({
      query: (id) => operationRequest(walletOperations.depositProof, { path: { id } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useMyDepositsQuery, useMyDepositQuery, useCreateDepositMutation, useLazyDepositProofQuery } =
  depositsApi;

export const withdrawalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Which networks take withdrawals; an admin switches them under Payment Methods (same tag). */
    acceptedNetworks: build.query<PaymentMethod[], void>({
      query: () => operationRequest(walletOperations.paymentMethods),
      providesTags: ['PaymentMethods'],
    }),
    myWithdrawals: build.query<Paged<Withdrawal>, PageQuery>({
      query: (query) => operationRequest(walletOperations.myWithdrawals, { query }),
      transformResponse: (items: Withdrawal[], meta) => toPaged(items, meta),
      providesTags: withdrawalTags.page,
    }),
    /** One withdrawal's page, refreshed like the deposit's by the live stream's withdrawals topic. */
    myWithdrawal: build.query<WithdrawalDetail, string>({
      query: (id) => operationRequest(walletOperations.myWithdrawal, { path: { id } }),
      providesTags: (_result, _error, id) => withdrawalTags.changed(id),
    }),
    requestWithdrawal: build.mutation<Withdrawal, WithdrawalRequest>({
      query: (body) => operationRequest(walletOperations.requestWithdrawal, { body }),
      // A new pending withdrawal (the lists that show withdrawals, the transaction history too), and the balance
      // drops at once (the amount is held): the user too.
      invalidatesTags: [withdrawalTags.list, 'User'],
    }),
    // The hold and the limits are read under the withdrawals list's tag, so a request the server refused for a
    // hold or a limit (or anything else that changes the list) reads them again at once.
    myWithdrawalHold: build.query<WithdrawalHold, void>({
      query: () => operationRequest(withdrawalHoldOperations.myWithdrawalHold),
      providesTags: [withdrawalTags.list],
    }),
    myWithdrawalLimits: build.query<WithdrawalLimits, void>({
      query: () => operationRequest(withdrawalLimitOperations.myWithdrawalLimits),
      providesTags: [withdrawalTags.list],
    }),
  }),
});

export const {
  useAcceptedNetworksQuery,
  useMyWithdrawalsQuery,
  useMyWithdrawalQuery,
  useRequestWithdrawalMutation,
  useMyWithdrawalHoldQuery,
  useMyWithdrawalLimitsQuery,
} = withdrawalsApi;

export interface HistoryArgs extends PageQuery {
  type: TransactionHistoryFilter;
}

/** The resource each row comes from, so invalidating one deposit or withdrawal refreshes the list too. */
const rowTag = (item: TransactionHistoryItem) =>
  item.type === 'deposit'
    ? depositTags.one(item.id)
    : item.type === 'withdrawal'
      ? withdrawalTags.one(item.id)
      : transactionTags.one(item.id);

export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    transactions: build.query<Paged<TransactionHistoryItem>, HistoryArgs>({
      query: (query) => operationRequest(walletOperations.myTransactions, { query }),
      transformResponse: (items: TransactionHistoryItem[], meta) => toPaged(items, meta),
      // The history is made of deposits, withdrawals and investments: a new one of any (whose mutation
      // invalidates its own list) changes it, as does anything that invalidates the history itself.
      providesTags: (result) => [
        ...(result?.items ?? []).map(rowTag),
        transactionTags.list,
        depositTags.list,
        withdrawalTags.list,
        investmentTags.list,
      ],
    }),
  }),
});

export const { useTransactionsQuery } = historyApi;

/** The statement is a file, not cached data: the screen downloads it with web-kit's downloadFile. */
export const statementRequest = (query: StatementQuery): ApiRequest =>
  operationRequest(statementOperations.statement, { query });

export const addressBookApi = api.enhanceEndpoints({ addTagTypes: ['AddressBook'] }).injectEndpoints({
  endpoints: (build) => ({
    addressBook: build.query<Paged<AddressBookEntry>, PageQuery>({
      query: (query) => operationRequest(addressBookOperations.addressBook, { query }),
      transformResponse: (items: AddressBookEntry[], meta) => toPaged(items, meta),
      providesTags: addressBookTags.page,
    }),
    addAddress: build.mutation<AddressBookEntry, AddressBookEntryRequest>({
      query: (body) => operationRequest(addressBookOperations.addAddressBookEntry, { body }),
      // A new address also holds new withdrawals for a while (decision 0098): the Withdraw screen's hold is read
      // under the withdrawals list's tag.
      invalidatesTags: [addressBookTags.list, withdrawalTags.list],
    }),
    removeAddress: build.mutation<{ ok: true }, string>({
      query: (id) => operationRequest(addressBookOperations.removeAddressBookEntry, { path: { id } }),
      invalidatesTags: (_result, _error, id) => addressBookTags.changed(id),
    }),
    addressBookSettings: build.query<AddressBookSettings, void>({
      query: () => operationRequest(addressBookOperations.addressBookSettings),
      providesTags: [ADDRESS_BOOK_SETTINGS],
    }),
    setWhitelistOnly: build.mutation<AddressBookSettings, AddressBookSettingsUpdate>({
      query: (body) => operationRequest(addressBookOperations.updateAddressBookSettings, { body }),
      invalidatesTags: [ADDRESS_BOOK_SETTINGS],
    }),
    /** Read again when the book or the withdrawals change: either can make or unmake a look-alike. */
    lookalike: build.query<LookalikeCheck, string>({
      query: (address) => operationRequest(addressBookOperations.addressLookalikes, { query: { address } }),
      providesTags: [addressBookTags.list, withdrawalTags.list],
    }),
  }),
});

export const {
  useAddressBookQuery,
  useAddAddressMutation,
  useRemoveAddressMutation,
  useAddressBookSettingsQuery,
  useSetWhitelistOnlyMutation,
  useLookalikeQuery,
} = addressBookApi;
