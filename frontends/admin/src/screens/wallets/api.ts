// Wallet Management's and Payment Methods' calls: the platform wallet (the investors' Deposit screen reads the
// same 'WalletSettings' tag, so a save refreshes it at once), the history of its changes (one server page,
// total in X-Total-Count) and the networks accepted per direction ('PaymentMethods', read by Withdraw too).
import type {
  PaymentMethod,
  PaymentMethodUpdate,
  WalletAddressChange,
  WalletSettings,
  WalletSettingsUpdate,
} from '@cropvest/contracts/wallet';
import { api, toPaged, type Paged } from '@cropvest/web-kit';

export const walletAdminApi = api.enhanceEndpoints({ addTagTypes: ['WalletHistory'] }).injectEndpoints({
  endpoints: (build) => ({
    platformWallet: build.query<WalletSettings | null, void>({
      query: () => 'wallet-settings',
      providesTags: ['WalletSettings'],
    }),
    saveWallet: build.mutation<WalletSettings, WalletSettingsUpdate>({
      query: (body) => ({ url: 'admin/wallet-settings', method: 'PUT', body }),
      // A change of network moves deposit acceptance with it.
      invalidatesTags: ['WalletSettings', 'WalletHistory', 'PaymentMethods'],
    }),
    walletHistory: build.query<Paged<WalletAddressChange>, { page: number; pageSize: number }>({
      query: (params) => ({ url: 'admin/wallet-settings/history', params }),
      transformResponse: (items: WalletAddressChange[], meta) => toPaged(items, meta),
      providesTags: ['WalletHistory'],
    }),
    paymentMethods: build.query<PaymentMethod[], void>({
      query: () => 'payment-methods',
      providesTags: ['PaymentMethods'],
    }),
    savePaymentMethod: build.mutation<PaymentMethod[], PaymentMethodUpdate>({
      query: (body) => ({ url: 'admin/payment-methods', method: 'PUT', body }),
      invalidatesTags: ['PaymentMethods'],
    }),
  }),
});

export const {
  usePlatformWalletQuery,
  useSaveWalletMutation,
  useWalletHistoryQuery,
  usePaymentMethodsQuery,
  useSavePaymentMethodMutation,
} = walletAdminApi;
