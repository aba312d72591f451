// Ethereum and BNB Smart Chain through viem over JSON-RPC (decision 0081). viem's own retries and timeout are off:
// its transport fetches through http.ts, so the timeout, backoff, Retry-After and the check that every answer is a
// JSON-RPC response are the same as TRON's. Confirmations = head − block + 1; final at settings.confirmations.
import { z } from '@cropvest/contracts';
import {
  BaseError,
  BlockNotFoundError,
  RpcError,
  TransactionReceiptNotFoundError,
  createPublicClient,
  decodeEventLog,
  erc20Abi,
  getAddress,
  http,
  isAddress,
  parseAbiItem,
  type Address,
  type Hash,
} from 'viem';
import type { NetworkSettings } from '../config.ts';
import { checked, fetchText, parseAnswer, type RequestPolicy } from './http.ts';
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
/** getLogs ranges one scan call reads at most, so a long catch-up saves its progress page by page. */
const MAX_RANGES_PER_PAGE = 10;

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/);
const RpcResponse = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.number(), z.string(), z.null()]),
    result: z.unknown().optional(),
    error: z.object({ code: z.number(), message: z.string() }).optional(),
  })
  .refine((response) => Object.hasOwn(response, 'result') || response.error, 'neither result nor error');
const RpcAnswer = z.union([RpcResponse, z.array(RpcResponse)]);

const Log = z.object({
  address: hex,
  topics: z.array(hex),
  data: hex,
  logIndex: z.number().int(),
});
const Receipt = z.object({
  transactionHash: hex,
  blockHash: hex,
  blockNumber: z.bigint(),
  status: z.enum(['success', 'reverted']),
  logs: z.array(Log),
});
const Block = z.object({ timestamp: z.bigint() });
const TransferLog = z.object({
  transactionHash: hex,
  blockNumber: z.bigint(),
  logIndex: z.number().int(),
  args: z.object({ from: hex, to: hex, value: z.bigint() }),
});
const Cursor = z.object({ next: z.string().regex(/^\d+$/) });

export function createEvmAdapter(settings: NetworkSettings, options: AdapterOptions): ChainAdapter {
  const { network } = settings;
  const policy: RequestPolicy = { network, timeoutMs: options.timeoutMs, retries: options.retries };
  const usdt = getAddress(settings.usdtContract);
  const required = BigInt(settings.confirmations);

  /** viem's fetch: the policy's attempts, and an answer that is a JSON-RPC response or nothing. */
  const fetchFn = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const method = (() => {
      try {
        return (JSON.parse(String(init?.body)) as { method?: string }).method ?? 'JSON-RPC';
      } catch {
        return 'JSON-RPC';
      }
    })();
    const text = await fetchText(policy, String(input), init ?? {}, method);
    parseAnswer(network, RpcAnswer, text, method);
    return new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const client = createPublicClient({
    transport: http(settings.endpoint, { fetchFn, retryCount: 0, timeout: 0 }),
    // Block numbers are read fresh: confirmations are counted from them.
    cacheTime: 0,
  });

  /** Runs a viem call; any failure becomes the ChainEndpointError it is, or wraps what the node answered. */
  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw endpointError(what, error);
    }
  }

  function endpointError(what: string, error: unknown): ChainEndpointError {
    const own = causes(error).find((e): e is ChainEndpointError => e instanceof ChainEndpointError);
    if (own) return own;
    const rpc = causes(error).find((e): e is RpcError => e instanceof RpcError);
    // The node's own error (a JSON-RPC error object): its code and short message, not viem's text with the URL.
    if (rpc)
      return new ChainEndpointError(
        network,
        'http_status',
        `${what}: JSON-RPC error ${rpc.code}: ${rpc.shortMessage}`,
      );
    const message = error instanceof BaseError ? error.shortMessage : String(error);
    return new ChainEndpointError(network, 'malformed', `${what}: ${message}`);
  }

  async function head(): Promise<{ block: bigint; finalBlock: bigint }> {
    const block = checked(
      network,
      z.bigint(),
      await call('eth_blockNumber', () => client.getBlockNumber()),
      'eth_blockNumber',
    );
    const finalBlock = block - required + 1n;
    return { block, finalBlock: finalBlock > 0n ? finalBlock : 0n };
  }

  async function blockTime(blockHash: Hash): Promise<Date | null> {
    try {
      const block = checked(network, Block, await client.getBlock({ blockHash }), 'eth_getBlockByHash');
      return new Date(Number(block.timestamp) * 1000);
    } catch (error) {
      if (error instanceof BlockNotFoundError) return null;
      throw endpointError('eth_getBlockByHash', error);
    }
  }

  async function receiptOf(hash: Hash): Promise<z.infer<typeof Receipt> | null> {
    try {
      return checked(
        network,
        Receipt,
        await client.getTransactionReceipt({ hash }),
        'eth_getTransactionReceipt',
      );
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw endpointError('eth_getTransactionReceipt', error);
    }
  }

  /** Every Transfer(address,address,uint256) log, at its position in the receipt; other logs are left out. */
  function transfersOf(receipt: z.infer<typeof Receipt>): TokenTransfer[] {
    return receipt.logs.flatMap((log, position) => {
      try {
        const { args } = decodeEventLog({
          abi: [TRANSFER_EVENT],
          topics: log.topics as [Hash, ...Hash[]],
          data: log.data as Hash,
          strict: true,
        });
        return [
          {
            logIndex: position,
            contract: getAddress(log.address),
            from: getAddress(args.from),
            to: getAddress(args.to),
            rawAmount: args.value,
          },
        ];
      } catch {
        // Another event, or one that shares Transfer's name but not its layout (ERC-721 indexes the third field).
        return [];
      }
    });
  }

  return {
    network,

    async lookupTransaction(txHash: string): Promise<TransactionLookup> {
      if (!/^0x[0-9a-fA-F]{64}$/.test(txHash)) return { kind: 'not_found' };
      const receipt = await receiptOf(txHash as Hash);
      if (!receipt) return { kind: 'not_found' };
      const [{ block }, time] = await Promise.all([head(), blockTime(receipt.blockHash as Hash)]);
      // Its block is gone between the two reads: reorganised away, so not there (yet, or any more).
      if (time === null) return { kind: 'not_found' };
      const confirmations = Math.max(0, Number(block - receipt.blockNumber + 1n));
      return {
        kind: 'found',
        txHash: receipt.transactionHash,
        success: receipt.status === 'success',
        blockNumber: receipt.blockNumber,
        blockTime: time,
        transfers: transfersOf(receipt),
        confirmations,
        requiredConfirmations: settings.confirmations,
        final: confirmations >= settings.confirmations,
      };
    },

    async scanIncoming(
      addresses: readonly string[],
      cursor: ScanCursor | null,
      limit: number,
    ): Promise<ScanPage> {
      const start = cursor ? BigInt(checked(network, Cursor, cursor, 'scan cursor').next) : 0n;
      const { finalBlock } = await head();
      if (start > finalBlock + 1n) {
        return options.resetOnRewind
          ? { transfers: [], cursor: { next: '0' }, caughtUp: false, rewound: true }
          : { transfers: [], cursor: { next: start.toString() }, caughtUp: true, rewound: true };
      }
      const watched = addresses.map((address) => {
        if (!isAddress(address, { strict: false })) throw new Error(`${network}: not an address: ${address}`);
        return getAddress(address);
      });
      // Nothing to watch yet: the cursor stays, so an address added later is scanned from here.
      if (watched.length === 0) return { transfers: [], cursor: { next: start.toString() }, caughtUp: true };

      const transfers: IncomingTransfer[] = [];
      const receipts = new Map<string, z.infer<typeof Receipt>>();
      const times = new Map<string, Date | null>();
      let next = start;
      for (
        let ranges = 0;
        next <= finalBlock && transfers.length < limit && ranges < MAX_RANGES_PER_PAGE;
        ranges++
      ) {
        const last =
          next + BigInt(options.scanBlockRange) - 1n < finalBlock
            ? next + BigInt(options.scanBlockRange) - 1n
            : finalBlock;
        const logs = checked(
          network,
          z.array(TransferLog),
          await call('eth_getLogs', () =>
            client.getLogs({
              address: usdt,
              event: TRANSFER_EVENT,
              args: { to: watched },
              fromBlock: next,
              toBlock: last,
              strict: true,
            }),
          ),
          'eth_getLogs',
        );
        for (const log of logs) {
          // The log's position in its transaction's receipt, as lookupTransaction numbers it: the block-wide index
          // would change if a reorganisation put the transaction in another block.
          let receipt = receipts.get(log.transactionHash);
          if (!receipt) {
            const read = await receiptOf(log.transactionHash as Hash);
            if (!read)
              throw new ChainEndpointError(
                network,
                'malformed',
                `eth_getLogs: no receipt for ${log.transactionHash}`,
              );
            receipts.set(log.transactionHash, (receipt = read));
          }
          const position = receipt.logs.findIndex((l) => l.logIndex === log.logIndex);
          if (position < 0)
            throw new ChainEndpointError(
              network,
              'malformed',
              `eth_getLogs: log ${log.logIndex} is not in its receipt`,
            );
          if (!times.has(receipt.blockHash))
            times.set(receipt.blockHash, await blockTime(receipt.blockHash as Hash));
          transfers.push({
            txHash: log.transactionHash,
            logIndex: position,
            contract: usdt,
            from: getAddress(log.args.from),
            to: getAddress(log.args.to),
            rawAmount: log.args.value,
            blockNumber: log.blockNumber,
            blockTime: times.get(receipt.blockHash) ?? null,
          });
        }
        next = last + 1n;
      }
      return {
        transfers,
        cursor: { next: next.toString() },
        caughtUp: next > finalBlock,
        behindBlocks: next > finalBlock ? 0 : Number(finalBlock - next + 1n),
      };
    },

    async balanceOf(address: string): Promise<bigint> {
      if (!isAddress(address, { strict: false })) throw new Error(`${network}: not an address: ${address}`);
      const { finalBlock } = await head();
      const balance = await call('eth_call balanceOf', () =>
        client.readContract({
          address: usdt,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [getAddress(address) as Address],
          blockNumber: finalBlock,
        }),
      );
      return checked(network, z.bigint(), balance, 'eth_call balanceOf');
    },

    head,
  };
}

/** The error and its causes, outermost first. */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (
    let e = error;
    e !== undefined && e !== null && chain.length < 10;
    e = (e as { cause?: unknown }).cause
  )
    chain.push(e);
  return chain;
}
