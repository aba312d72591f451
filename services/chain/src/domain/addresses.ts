// How addresses are compared on each network: EVM addresses are hex, the same whatever their case (EIP-55 only
// adds a checksum in the case); TRON's base58check is case-sensitive and compared as written.
import type { NetworkName } from '@cropvest/contracts/chain/networks';

export const addressKey = (network: NetworkName, address: string): string =>
  network === 'TRC20' ? address.trim() : address.trim().toLowerCase();
