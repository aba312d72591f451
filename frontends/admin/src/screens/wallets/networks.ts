// The networks' names as the admin screens show them.
import type { NetworkType } from '@cropvest/contracts/wallet';

export const NETWORKS: { value: NetworkType; label: string }[] = [
  { value: 'TRC20', label: 'TRON (TRC-20)' },
  { value: 'ERC20', label: 'Ethereum (ERC-20)' },
  { value: 'BEP20', label: 'BNB Smart Chain (BEP-20)' },
];

export const networkLabel = (network: NetworkType): string =>
  NETWORKS.find((option) => option.value === network)?.label ?? network;
