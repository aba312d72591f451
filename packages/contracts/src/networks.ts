// The USDT networks, zod-free so screens can import them without the schemas.
export const NETWORK_TYPES = ['TRC20', 'ERC20', 'BEP20'] as const;
export type NetworkName = (typeof NETWORK_TYPES)[number];

/** Withdrawals are paid out on TRC-20 only (spec: only TRC-20 USDT addresses are supported). */
export const WITHDRAWAL_NETWORKS: readonly NetworkName[] = ['TRC20'];
