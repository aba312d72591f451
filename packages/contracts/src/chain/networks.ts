// The USDT networks and what is known of them without the schemas (zod-free, so screens load it at first paint):
// their labels, transaction ids, explorer links, and the chain's system actor (docs/decisions/0080, 0081).
export const NETWORK_TYPES = ['TRC20', 'ERC20', 'BEP20'] as const;
export type NetworkName = (typeof NETWORK_TYPES)[number];

/** Withdrawals are paid out on TRC-20 only (spec: only TRC-20 USDT addresses are supported). */
export const WITHDRAWAL_NETWORKS: readonly NetworkName[] = ['TRC20'];

export const NETWORK_LABELS: Record<NetworkName, string> = {
  TRC20: 'TRC-20',
  ERC20: 'ERC-20',
  BEP20: 'BEP-20',
};
export const CHAIN_NAMES: Record<NetworkName, string> = {
  TRC20: 'TRON',
  ERC20: 'Ethereum',
  BEP20: 'BNB Smart Chain',
};
/** A deposit that names no network is on TRC-20, the spec's deposit network. */
export const DEFAULT_DEPOSIT_NETWORK: NetworkName = 'TRC20';

/**
 * Who approved what the chain verified: a fixed id in `approvedBy` and the audit log's `adminId` (both are the
 * spec's uuid), shown as CHAIN_ACTOR_NAME. No account has it, so nobody can sign in as the chain.
 */
export const CHAIN_ACTOR_ID = '00000000-0000-4000-8000-00000000c4a1';
export const CHAIN_ACTOR_NAME = 'Chain verification';

// ---- transaction ids ----

export type TxidCheck = { ok: true; txid: string; key: string } | { ok: false; message: string };

/**
 * A transaction id as each network writes it: TRON 64 hex digits, EVM 0x + 64. `0x` may be typed or left out
 * and case does not matter; `key` (64 lower-case hex digits) is the same on every network, so one transaction
 * backs one deposit whatever network it is claimed on.
 */
export function checkTxid(network: NetworkName, input: string): TxidCheck {
  const text = input.trim();
  const digits = text.replace(/^0x/i, '');
  if (!/^[0-9a-fA-F]*$/.test(digits))
    return { ok: false, message: 'A transaction id is made of the digits 0-9 and the letters a-f only' };
  if (digits.length !== 64)
    return {
      ok: false,
      message: `A ${NETWORK_LABELS[network]} transaction id has 64 hexadecimal digits${network === 'TRC20' ? '' : ' after 0x'}; this one has ${digits.length}`,
    };
  const key = txidKey(digits);
  return { ok: true, key, txid: network === 'TRC20' ? key : `0x${key}` };
}

/** The form of a transaction id that is the same on every network (64 lower-case hex digits, no 0x). */
export const txidKey = (txid: string): string => txid.trim().replace(/^0x/i, '').toLowerCase();

/** The explorer page of a transaction, or null where the network has none configured (a local chain). */
export const explorerTxLink = (template: string | null, txid: string): string | null =>
  template ? template.replace('{txid}', encodeURIComponent(txid)) : null;
