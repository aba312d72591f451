// The networks as the admin screens show them, and which of them have a platform wallet.
import type { NetworkType, WalletSettings } from '@cropvest/contracts/wallet/model';

export const NETWORKS: { value: NetworkType; label: string }[] = [
  { value: 'TRC20', label: 'TRON (TRC-20)' },
  { value: 'ERC20', label: 'Ethereum (ERC-20)' },
  { value: 'BEP20', label: 'BNB Smart Chain (BEP-20)' },
];

export const networkLabel = (network: NetworkType): string =>
  NETWORKS.find((option) => option.value === network)?.label ?? network;

/** The platform's wallet on a network, or null when none was ever set there. */
export const walletOn = (wallets: readonly WalletSettings[], network: NetworkType): WalletSettings | null =>
  wallets.find((wallet) => wallet.networkType === network) ?? null;

/** The networks without a wallet yet (Add Wallet offers only these), in the screens' order. */
export const networksWithout = (wallets: readonly WalletSettings[]): NetworkType[] =>
  NETWORKS.map((option) => option.value).filter((network) => walletOn(wallets, network) === null);

/** True when the network has an active platform address (Payment Methods can accept deposits on it). */
export const hasActiveWallet = (
  wallets: readonly WalletSettings[] | undefined,
  network: NetworkType,
): boolean => walletOn(wallets ?? [], network)?.isActive ?? false;
