// TRC-20 USDT through TronGrid's HTTP API (decision 0081). A transaction is final once the solidity node
// (/walletsolidity/) knows it; before that the full node (/wallet/) shows it confirming. Logs carry EVM-style
// addresses (20 bytes, no 0x41) and hex without 0x; they are decoded with viem and given back as base58 `T…`.
// Scans follow each watched address's confirmed incoming transfers (/v1/accounts/{address}/transactions/trc20,
// oldest first, meta.fingerprint between pages) and read each transaction's logs from the solidity node, which
// gives every transfer its position in the transaction.
import { z } from '@cropvest/contracts';
import { decodeEventLog, parseAbiItem, type Hex } from 'viem';
import type { NetworkSettings } from '../config.ts';
import { checked, requestJson, type RequestPolicy } from './http.ts';
import { tronAddressFromHex, tronAddressToHex } from '@cropvest/contracts/chain/addresses';
import {
  ChainEndpointError,
  type AdapterOptions,
  type ChainAdapter,
  type IncomingTransfer,
  type ScanCursor,
  type ScanPage,
  type TokenTransfer,
  type TransactionLookup,
} from './types.ts';

const TRANSFER_EVENT = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
/** TronGrid's largest page of the v1 lists. */
const MAX_PAGE = 200;

const bareHex = z.string().regex(/^[0-9a-fA-F]*$/);
/** TransactionInfo (GetTransactionInfoById) of a transaction the node knows; it answers `{}` for one it does not. */
const FoundInfo = z.object({
  id: bareHex,
  blockNumber: z.number().int().min(0),
  blockTimeStamp: z.number().int().min(0),
  receipt: z.object({ result: z.string().optional() }).optional(),
  log: z.array(z.object({ address: bareHex, topics: z.array(bareHex), data: bareHex.optional() })).optional(),
});
type FoundInfo = z.infer<typeof FoundInfo>;
const TransactionInfo = z.union([z.object({}).strict(), FoundInfo]);
const NowBlock = z.object({
  blockID: bareHex,
  block_header: z.object({ raw_data: z.object({ number: z.number().int().min(0), timestamp: z.number() }) }),
});
const ConstantCall = z.object({
  result: z.object({
    result: z.boolean().optional(),
    code: z.string().optional(),
    message: z.string().optional(),
  }),
  constant_result: z.array(bareHex).optional(),
});
const Trc20Page = z.object({
  success: z.literal(true),
  data: z.array(
    z.object({
      transaction_id: bareHex,
      block_timestamp: z.number().int().min(0),
      to: z.string(),
      token_info: z.object({ address: z.string() }),
    }),
  ),
  meta: z.object({ fingerprint: z.string().optional() }),
});

/**
 * Where one address's scan stands. `newest` is the block time of the newest transfer read and `seen` the
 * transactions read at that time (a new listing starts at `newest`, inclusive, and skips those); `block` is the
 * highest block read, which a solidified head below means a rewind; `listing` is a listing being paged through.
 */
const AddressCursor = z.object({
  newest: z.number().int().min(0),
  seen: z.array(z.string()),
  block: z.number().int().min(0),
  listing: z.object({ from: z.number().int().min(0), fingerprint: z.string() }).optional(),
});
type AddressCursor = z.infer<typeof AddressCursor>;
const Cursor = z.object({ addresses: z.record(z.string(), AddressCursor) });
const FRESH: AddressCursor = { newest: 0, seen: [], block: 0 };

export function createTronAdapter(settings: NetworkSettings, options: AdapterOptions): ChainAdapter {
  const { network } = settings;
  const policy: RequestPolicy = { network, timeoutMs: options.timeoutMs, retries: options.retries };
  const base = settings.endpoint.replace(/\/+$/, '');
  const usdt = settings.usdtContract;
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/json',
    ...(settings.apiKey ? { 'TRON-PRO-API-KEY': settings.apiKey } : {}),
  };

  const post = <T>(path: string, body: unknown, schema: z.ZodType<T>) =>
    requestJson(
      policy,
      `${base}${path}`,
      { method: 'POST', headers, body: JSON.stringify(body) },
      schema,
      `POST ${path}`,
    );

  const transactionInfo = async (
    node: 'wallet' | 'walletsolidity',
    id: string,
  ): Promise<FoundInfo | null> => {
    const info = await post(`/${node}/gettransactioninfobyid`, { value: id }, TransactionInfo);
    return 'id' in info ? (info as FoundInfo) : null;
  };

  const nowBlock = async (node: 'wallet' | 'walletsolidity') =>
    (await post(`/${node}/getnowblock`, {}, NowBlock)).block_header.raw_data.number;

  /** Every Transfer(address,address,uint256) log, at its position in the transaction's `log` list. */
  function transfersOf(info: FoundInfo): TokenTransfer[] {
    return (info.log ?? []).flatMap((log, position) => {
      try {
        const { args } = decodeEventLog({
          abi: [TRANSFER_EVENT],
          topics: log.topics.map((topic) => `0x${topic}`) as [Hex, ...Hex[]],
          data: `0x${log.data ?? ''}`,
          strict: true,
        });
        return [
          {
            logIndex: position,
            contract: tronAddressFromHex(log.address),
            from: tronAddressFromHex(args.from),
            to: tronAddressFromHex(args.to),
            rawAmount: args.value,
          },
        ];
      } catch {
        return [];
      }
    });
  }

  function found(info: FoundInfo, confirmations: number, final: boolean): TransactionLookup {
    return {
      kind: 'found',
      txHash: info.id.toLowerCase(),
      success: info.receipt?.result === 'SUCCESS',
      blockNumber: BigInt(info.blockNumber),
      blockTime: new Date(info.blockTimeStamp),
      transfers: transfersOf(info),
      confirmations,
      requiredConfirmations: settings.confirmations,
      final,
    };
  }

  /** One page of an address's confirmed incoming USDT transfers, from where its cursor stands. */
  async function scanAddress(address: string, state: AddressCursor, limit: number) {
    const from = state.listing?.from ?? state.newest;
    const query = new URLSearchParams({
      only_confirmed: 'true',
      only_to: 'true',
      contract_address: usdt,
      order_by: 'block_timestamp,asc',
      min_timestamp: String(from),
      limit: String(Math.min(Math.max(limit, 1), MAX_PAGE)),
    });
    if (state.listing) query.set('fingerprint', state.listing.fingerprint);
    const path = `/v1/accounts/${address}/transactions/trc20`;
    const page = await requestJson(policy, `${base}${path}?${query}`, { headers }, Trc20Page, `GET ${path}`);

    const transfers: IncomingTransfer[] = [];
    let { newest, seen, block } = state;
    for (const row of page.data) {
      const id = row.transaction_id.toLowerCase();
      if (row.block_timestamp < newest || (row.block_timestamp === newest && seen.includes(id))) continue;
      if (row.token_info.address !== usdt || row.to !== address) continue;
      const info = await transactionInfo('walletsolidity', id);
      if (!info)
        throw new ChainEndpointError(
          network,
          'malformed',
          `${id} is listed as confirmed, yet the solidity node does not know it`,
        );
      // Every USDT transfer of the transaction to this address at once: the rows of one transaction can be split
      // across pages, and the later ones are then skipped as seen.
      for (const transfer of transfersOf(info))
        if (transfer.contract === usdt && transfer.to === address)
          transfers.push({
            ...transfer,
            txHash: id,
            blockNumber: BigInt(info.blockNumber),
            blockTime: new Date(info.blockTimeStamp),
          });
      seen = row.block_timestamp === newest ? [...seen, id] : [id];
      newest = row.block_timestamp;
      block = Math.max(block, info.blockNumber);
    }
    const fingerprint = page.meta.fingerprint;
    const next: AddressCursor = {
      newest,
      seen,
      block,
      ...(fingerprint ? { listing: { from, fingerprint } } : {}),
    };
    return { transfers, next, done: !fingerprint };
  }

  return {
    network,

    async lookupTransaction(txHash: string): Promise<TransactionLookup> {
      const id = txHash.replace(/^0x/i, '').toLowerCase();
      if (!/^[0-9a-f]{64}$/.test(id)) return { kind: 'not_found' };
      const solid = await transactionInfo('walletsolidity', id);
      if (solid) return found(solid, settings.confirmations, true);
      const pending = await transactionInfo('wallet', id);
      if (!pending) return { kind: 'not_found' };
      const head = await nowBlock('wallet');
      // Progress toward solidification only: never shown as reached before the solidity node has it.
      const confirmations = Math.max(0, Math.min(head - pending.blockNumber + 1, settings.confirmations - 1));
      return found(pending, confirmations, false);
    },

    async scanIncoming(
      addresses: readonly string[],
      cursor: ScanCursor | null,
      limit: number,
    ): Promise<ScanPage> {
      const states = cursor ? checked(network, Cursor, cursor, 'scan cursor').addresses : {};
      for (const address of addresses) tronAddressToHex(address);
      const solidBlock = await nowBlock('walletsolidity');
      if (Object.values(states).some((state) => state.block > solidBlock)) {
        return options.resetOnRewind
          ? { transfers: [], cursor: { addresses: {} }, caughtUp: false, rewound: true }
          : { transfers: [], cursor: { addresses: states }, caughtUp: true, rewound: true };
      }
      const transfers: IncomingTransfer[] = [];
      const next = { ...states };
      let caughtUp = true;
      for (const address of addresses) {
        if (transfers.length >= limit) {
          caughtUp = false;
          break;
        }
        const page = await scanAddress(address, next[address] ?? FRESH, limit - transfers.length);
        transfers.push(...page.transfers);
        next[address] = page.next;
        if (!page.done) caughtUp = false;
      }
      const newest = transfers.reduce(
        (block, transfer) => (transfer.blockNumber > block ? transfer.blockNumber : block),
        -1n,
      );
      return {
        transfers,
        cursor: { addresses: next },
        caughtUp,
        ...(caughtUp
          ? { behindBlocks: 0 }
          : newest >= 0n
            ? { behindBlocks: Math.max(0, solidBlock - Number(newest)) }
            : {}),
      };
    },

    async balanceOf(address: string): Promise<bigint> {
      const holder = tronAddressToHex(address);
      const answer = await post(
        '/walletsolidity/triggerconstantcontract',
        {
          owner_address: address,
          contract_address: usdt,
          function_selector: 'balanceOf(address)',
          parameter: holder.slice(2).padStart(64, '0'),
          visible: true,
        },
        ConstantCall,
      );
      const value = answer.constant_result?.[0];
      if (!answer.result.result || !value || !/^[0-9a-fA-F]{64}$/.test(value)) {
        const reason = answer.result.message
          ? Buffer.from(answer.result.message, 'hex').toString('utf8')
          : answer.result.code;
        throw new ChainEndpointError(
          network,
          'malformed',
          `balanceOf: the call was refused (${reason ?? 'no result'})`,
        );
      }
      return BigInt(`0x${value}`);
    },

    async head(): Promise<{ block: bigint; finalBlock: bigint }> {
      const [block, finalBlock] = await Promise.all([nowBlock('wallet'), nowBlock('walletsolidity')]);
      return { block: BigInt(block), finalBlock: BigInt(finalBlock) };
    },
  };
}
