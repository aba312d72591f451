// The chain service's settings: per network (decision 0081) its endpoint, USDT contract, decimals and finality,
// and the timings of checks, scans and reconciliation. Endpoints and keys are secrets in production.
import { z } from '@cropvest/contracts';
import { NETWORK_TYPES, type NetworkName } from '@cropvest/contracts/chain/networks';
import { BaseServiceConfig, loadConfig } from '@cropvest/service-kit/runtime';

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((value) => value === 'true');
const positiveInt = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const optionalUrl = z
  .union([z.literal(''), z.url({ protocol: /^https?$/ })])
  .optional()
  .transform((value) => value || undefined);
/** An explorer link with `{txid}` (or `{address}`) in it, or empty for none (a local chain has no explorer). */
const explorerTemplate = (fallback: string, placeholder = '{txid}') =>
  z
    .string()
    .default(fallback)
    .refine((value) => value === '' || (/^https:\/\/\S+$/.test(value) && value.includes(placeholder)), {
      message: `must be an https:// address containing ${placeholder}, or empty`,
    });

/** Mainnet values (decision 0081); every one can be changed through its variable. */
const NETWORK_DEFAULTS: Record<
  NetworkName,
  {
    usdtContract: string;
    decimals: number;
    confirmations: number;
    blockSeconds: number;
    explorerTxUrl: string;
    explorerAddressUrl: string;
  }
> = {
  // TRON finality is the solidity node's; 19 blocks to solidify is only shown as progress.
  TRC20: {
    usdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    decimals: 6,
    confirmations: 19,
    blockSeconds: 3,
    explorerTxUrl: 'https://tronscan.org/#/transaction/{txid}',
    explorerAddressUrl: 'https://tronscan.org/#/address/{address}',
  },
  ERC20: {
    usdtContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    decimals: 6,
    confirmations: 12,
    blockSeconds: 12,
    explorerTxUrl: 'https://etherscan.io/tx/{txid}',
    explorerAddressUrl: 'https://etherscan.io/address/{address}',
  },
  BEP20: {
    usdtContract: '0x55d398326f99059fF775485246999027B3197955',
    decimals: 18,
    confirmations: 15,
    blockSeconds: 0.75,
    explorerTxUrl: 'https://bscscan.com/tx/{txid}',
    explorerAddressUrl: 'https://bscscan.com/address/{address}',
  },
};

/**
 * `CHAIN_<NETWORK>_…`: ENABLED, ENDPOINT (TronGrid's base address or a JSON-RPC URL; providers put keys in
 * it, so a secret), API_KEY (TRON: sent as TRON-PRO-API-KEY), USDT_CONTRACT, DECIMALS, CONFIRMATIONS,
 * BLOCK_SECONDS (how often a block comes: only for telling investors how long finality takes), EXPLORER_TX_URL,
 * EXPLORER_ADDRESS_URL (where the proof of reserves page sends people to check an address's balance).
 */
function networkVariables(network: NetworkName) {
  const defaults = NETWORK_DEFAULTS[network];
  const prefix = `CHAIN_${network}_`;
  return {
    [`${prefix}ENABLED`]: flag('true'),
    [`${prefix}ENDPOINT`]: optionalUrl,
    [`${prefix}API_KEY`]: z.string().optional(),
    [`${prefix}USDT_CONTRACT`]: z.string().min(1).default(defaults.usdtContract),
    [`${prefix}DECIMALS`]: z.coerce.number().int().min(0).max(36).default(defaults.decimals),
    [`${prefix}CONFIRMATIONS`]: positiveInt(defaults.confirmations),
    [`${prefix}BLOCK_SECONDS`]: z.coerce.number().positive().max(600).default(defaults.blockSeconds),
    [`${prefix}EXPLORER_TX_URL`]: explorerTemplate(defaults.explorerTxUrl),
    [`${prefix}EXPLORER_ADDRESS_URL`]: explorerTemplate(defaults.explorerAddressUrl, '{address}'),
  };
}

export const ChainConfig = BaseServiceConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8107),
  ...networkVariables('TRC20'),
  ...networkVariables('ERC20'),
  ...networkVariables('BEP20'),

  /** One call to a chain endpoint, and how often a failed one is tried again (with backoff; 429 waits as told). */
  CHAIN_REQUEST_TIMEOUT_MS: positiveInt(10_000),
  CHAIN_REQUEST_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  /** How often claims that are confirming or not found yet are looked at again. */
  CHAIN_RECHECK_MS: positiveInt(5_000),
  /** A claimed transaction no node knows after this long goes to the admin queue as "not found on chain". */
  CLAIM_NOT_FOUND_WINDOW_MINUTES: z.coerce.number().positive().default(60),
  /** Scans of the platform addresses for incoming transfers. */
  CHAIN_SCAN_INTERVAL_MS: positiveInt(15_000),
  CHAIN_SCAN_BLOCK_RANGE: positiveInt(2_000),
  /** A transfer nobody claimed for this long is listed on Unmatched Deposits (fractions for test stacks). */
  UNMATCHED_AFTER_MINUTES: z.coerce.number().positive().default(60),
  /** Reserves are read and compared with the liabilities this often (decision 0082), by one replica at a time. */
  RECONCILE_INTERVAL_MINUTES: positiveInt(10),
  /** How long one network's balances may take in a reconciliation; after that it is recorded as unread. */
  RECONCILE_NETWORK_TIMEOUT_MS: positiveInt(20_000),
  /** How long the wallet and plans have to answer one request of a reconciliation or a proof build. */
  LIABILITIES_TIMEOUT_MS: positiveInt(15_000),
  /** The daily proof of liabilities is built once the UTC day reaches this hour (after the 00:05 accrual). */
  PROOF_BUILD_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(1),
  /** Users per page asked of the wallet and plans while building a proof: small pages die young, as garbage. */
  PROOF_PAGE_SIZE: z.coerce.number().int().min(100).max(10_000).default(1_000),
  /** Builds whose leaves and tree are kept, so their proofs can still be answered; roots are kept for ever. */
  PROOF_RETAIN_BUILDS: positiveInt(3),
  /** Local chains only (scripts/chain): a head below the scan cursor means the chain started afresh. */
  CHAIN_RESET_ON_REWIND: flag('false'),
});
export type ChainConfig = z.infer<typeof ChainConfig>;

export const loadChainConfig = () => loadConfig(ChainConfig);

/** One network's settings, read out of the flat environment. */
export interface NetworkSettings {
  network: NetworkName;
  /** On and given an endpoint: the service looks transactions up and scans there. */
  watched: boolean;
  endpoint: string;
  apiKey?: string;
  usdtContract: string;
  decimals: number;
  confirmations: number;
  blockSeconds: number;
  explorerTxUrl: string;
}

/** Every network's settings, watched or not (a network without an endpoint is shown but never watched). */
export function networkSettings(config: ChainConfig): NetworkSettings[] {
  const variables = config as unknown as Record<string, unknown>;
  return NETWORK_TYPES.map((network) => {
    const read = (name: string) => variables[`CHAIN_${network}_${name}`];
    return {
      network,
      watched: Boolean(read('ENABLED') && read('ENDPOINT')),
      endpoint: (read('ENDPOINT') as string | undefined) ?? '',
      apiKey: (read('API_KEY') as string | undefined) || undefined,
      usdtContract: read('USDT_CONTRACT') as string,
      decimals: read('DECIMALS') as number,
      confirmations: read('CONFIRMATIONS') as number,
      blockSeconds: read('BLOCK_SECONDS') as number,
      explorerTxUrl: read('EXPLORER_TX_URL') as string,
    };
  });
}

/** Where the proof of reserves page links an address of `network` (`{address}` replaced), or '' for no link. */
export const explorerAddressTemplate = (config: ChainConfig, network: NetworkName): string =>
  String((config as unknown as Record<string, unknown>)[`CHAIN_${network}_EXPLORER_ADDRESS_URL`] ?? '');
