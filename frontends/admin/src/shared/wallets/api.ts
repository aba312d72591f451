// Wallet Settings' and Payment Methods' calls: the platform's address on each network (GET /api/admin/wallet-settings;
// a save sets one network's and refreshes the investors' Deposit screen through 'WalletSettings'), the history of
// the changes (one server page, total in X-Total-Count), the networks accepted per direction ('PaymentMethods',
// read by Withdraw too) and what the chain service says of each network (GET /api/chain/networks: whether it is
// watched, its USDT contract, its explorer), read by Manage Deposits too.
import type { ChainNetwork } from '@cropvest/contracts/chain';
import type {
  PaymentMethod,
  PaymentMethodUpdate,
  WalletAddressChange,
  WalletSettings,
  WalletSettingsUpdate,
} from '@cropvest/contracts/wallet';
import { api, toPaged, type Paged } from '@cropvest/web-kit';

export const walletAdminApi = api
  .enhanceEndpoints({ addTagTypes: ['WalletHistory', 'ChainNetworks'] })
  .injectEndpoints({
    endpoints: (build) => ({
      platformWallets: build.query<WalletSettings[], void>({
        query: () => 'admin/wallet-settings',
        providesTags: ['WalletSettings'],
      }),
      saveWallet: build.mutation<WalletSettings, WalletSettingsUpdate>({
        query: (body) => ({ url: 'admin/wallet-settings', method: 'PUT', body }),
        // The chain service hears of the change through the bus: its list of addresses follows.
        invalidatesTags: ['WalletSettings', 'WalletHistory', 'PaymentMethods', 'ChainNetworks'],
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
        invalidatesTags: ['PaymentMethods', 'ChainNetworks'],
      }),
      /** Named apart from any investor endpoint on the same address: one API serves every remote. */
      adminChainNetworks: build.query<ChainNetwork[], void>({
        query: () => 'chain/networks',
        providesTags: ['ChainNetworks'],
      }),
    }),
  });

export const {
  usePlatformWalletsQuery,
  useSaveWalletMutation,
  useWalletHistoryQuery,
  usePaymentMethodsQuery,
  useSavePaymentMethodMutation,
  useAdminChainNetworksQuery,
} = walletAdminApi;
