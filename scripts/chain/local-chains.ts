// The local chains (decision 0083): a test double of the blockchains for `npm start` and the tests, never run in
// production. One HTTP server on 127.0.0.1:LOCAL_CHAINS_PORT:
//   POST /erc20, POST /bep20   JSON-RPC of two in-process Hardhat networks (chain ids 31337 and 31338)
//   /tron/…                    the TronGrid stand-in (a chain service's TronGrid base address is …/tron)
//   GET /readyz                200 once every contract is deployed
//   /control/…                 transfers, blocks, reorganisations and faults on demand (client.ts)
// Environment: LOCAL_CHAINS_PORT (8545), LOCAL_CHAIN_BLOCK_MS (1000), LOCAL_TRON_SOLIDIFY_BLOCKS (2),
// LOCAL_TRON_API_KEY, LOCAL_CHAINS_CACHE_DIR (compiled contracts; <DATA_DIR>/chain-cache), LOCAL_CHAINS_FILE
// (the summary, written once ready and removed on a clean stop).
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import { NETWORK_TYPES, type NetworkName } from '@cropvest/contracts/chain/networks';
import type { FaultMode, LocalChainsSummary } from './client.ts';
import { compiledContracts } from './compile.ts';
import { LocalEvmChain } from './evm.ts';
import { ControlError, type LocalChain } from './local-chain.ts';
import { TronStandin } from './tron-standin.ts';

const root = path.resolve(import.meta.dirname, '../..');
const env = process.env;

function positiveInt(name: string, fallback: number): number {
  const value = Number(env[name] || fallback);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a whole number, not ${env[name]}`);
    process.exit(1);
  }
  return value;
}
const port = positiveInt('LOCAL_CHAINS_PORT', 8545);
const blockMs = positiveInt('LOCAL_CHAIN_BLOCK_MS', 1000);
const solidifyBlocks = positiveInt('LOCAL_TRON_SOLIDIFY_BLOCKS', 2);
const tronApiKey = env.LOCAL_TRON_API_KEY || undefined;
const cacheDir =
  env.LOCAL_CHAINS_CACHE_DIR || path.join(path.resolve(root, env.DATA_DIR ?? '.data'), 'chain-cache');
const summaryFile = env.LOCAL_CHAINS_FILE || undefined;

/** Confirmations that make a transfer final on the local EVM networks: seconds at one block a second. */
const CONFIRMATIONS_HINT = { ERC20: 3, BEP20: 5 };
/** How long a 'slow' endpoint takes to answer: longer than any sensible request timeout. */
const SLOW_ANSWER_MS = 30_000;
const MAX_BODY_BYTES = 1_000_000;

const base = `http://127.0.0.1:${port}`;
let chains: Record<NetworkName, LocalChain> | undefined;
let evm: { ERC20: LocalEvmChain; BEP20: LocalEvmChain } | undefined;
let tron: TronStandin | undefined;
let summary: LocalChainsSummary | undefined;

// ----- faults -----

const faults = new Map<
  NetworkName,
  { mode: Exclude<FaultMode, 'none'>; until: number | null; answered: number }
>();
const slowAnswers = new Set<NodeJS.Timeout>();

function activeFault(network: NetworkName) {
  const fault = faults.get(network);
  if (fault?.until && Date.now() >= fault.until) {
    faults.delete(network);
    return undefined;
  }
  return fault;
}

/**
 * Applies the network's fault to a request for its endpoint: true when the request was answered (or dropped) by
 * the fault, false when it goes on to the chain (after a 'slow' wait).
 */
async function faulted(
  network: NetworkName,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<boolean> {
  const fault = activeFault(network);
  if (!fault) return false;
  switch (fault.mode) {
    case 'down':
      // As near to a refused connection as one server shared by every network gets: the socket is cut.
      request.socket.destroy();
      return true;
    case 'rate-limit':
      send(response, 429, { error: 'rate limited' }, { 'retry-after': '1' });
      return true;
    case 'garbage': {
      // Every other answer is not JSON at all; the rest is JSON of a shape no caller expects.
      const evmNetwork = network !== 'TRC20';
      const text =
        fault.answered++ % 2 === 0
          ? '{"jsonrpc":"2.0","id":'
          : evmNetwork
            ? '{"jsonrpc":"2.0","garbage":true}'
            : '{"blockNumber":"soon","data":"none"}';
      response.writeHead(200, { 'content-type': 'application/json' }).end(text);
      return true;
    }
    case 'slow':
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          slowAnswers.delete(timer);
          resolve();
        }, SLOW_ANSWER_MS);
        slowAnswers.add(timer);
        request.socket.once('close', () => {
          clearTimeout(timer);
          slowAnswers.delete(timer);
        });
      });
      return response.destroyed;
  }
}

// ----- HTTP -----

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new ControlError(413, 'request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ControlError(400, 'the body is not JSON');
  }
}

/** One JSON-RPC request to a Hardhat network, answered as a JSON-RPC response (errors included). */
async function rpc(chain: LocalEvmChain, call: unknown): Promise<unknown> {
  const { id = null, method, params } = (call ?? {}) as { id?: unknown; method?: unknown; params?: unknown };
  if (typeof method !== 'string')
    return { jsonrpc: '2.0', id, error: { code: -32600, message: 'invalid request: no method' } };
  try {
    const result = await chain.request(method, Array.isArray(params) ? params : undefined);
    return { jsonrpc: '2.0', id, result: result ?? null };
  } catch (error) {
    const { code, message, data } = error as { code?: unknown; message?: string; data?: unknown };
    return {
      jsonrpc: '2.0',
      id,
      error: { code: typeof code === 'number' ? code : -32603, message: message ?? String(error), data },
    };
  }
}

async function jsonRpc(
  chain: LocalEvmChain,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  let body: unknown;
  try {
    body = JSON.parse(await readBody(request));
  } catch {
    send(response, 200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } });
    return;
  }
  send(
    response,
    200,
    Array.isArray(body) ? await Promise.all(body.map((call) => rpc(chain, call))) : await rpc(chain, body),
  );
}

async function tronGrid(standin: TronStandin, url: URL, request: IncomingMessage, response: ServerResponse) {
  const text = await readBody(request);
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    send(response, 400, { Error: 'the body is not JSON' });
    return;
  }
  const header = request.headers['tron-pro-api-key'];
  const answer = standin.handle({
    method: request.method ?? 'GET',
    path: url.pathname.slice('/tron'.length),
    query: url.searchParams,
    apiKey: Array.isArray(header) ? header[0] : header,
    body,
    baseUrl: `${base}/tron`,
  });
  send(response, answer.status, answer.body);
}

// ----- the control API -----

const Network = z.enum(NETWORK_TYPES);
const Token = z.enum(['usdt', 'lookalike']).default('usdt');
const Amount = z.string().min(1);
const TransferBody = z.object({
  network: Network,
  token: Token,
  from: z.string().min(1).default('faucet'),
  to: z.string().min(1),
  amount: Amount,
  revert: z.boolean().default(false),
});
const TransferFromBody = z.object({
  network: Network,
  owner: z.string().min(1),
  spender: z.string().min(1),
  to: z.string().min(1),
  amount: Amount,
});
const BatchBody = z.object({
  network: Network,
  transfers: z
    .array(z.object({ token: Token, to: z.string().min(1), amount: Amount }))
    .min(1)
    .max(50),
});
const MineBody = z.object({ network: Network, blocks: z.number().int().min(1).max(10_000) });
const BlocksBody = z.object({ network: Network, auto: z.boolean() });
const SnapshotBody = z.object({ network: Network });
const RevertBody = z.object({ network: Network, id: z.string().min(1) });
const FaultsBody = z.object({
  network: Network,
  mode: z.enum(['none', 'down', 'slow', 'garbage', 'rate-limit']),
  durationMs: z.number().int().min(1).optional(),
});

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new ControlError(
      400,
      parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
    );
  return parsed.data;
}

async function control(route: string, body: unknown, all: Record<NetworkName, LocalChain>): Promise<unknown> {
  switch (route) {
    case '/transfer': {
      const { network, ...request } = parse(TransferBody, body);
      return all[network].transfer(request);
    }
    case '/transfer-from': {
      const { network, ...request } = parse(TransferFromBody, body);
      return all[network].transferFrom(request);
    }
    case '/batch': {
      const { network, transfers } = parse(BatchBody, body);
      return all[network].batch(transfers);
    }
    case '/mine': {
      const { network, blocks } = parse(MineBody, body);
      await all[network].mine(blocks);
      return { blockNumber: await all[network].head() };
    }
    case '/blocks': {
      const { network, auto } = parse(BlocksBody, body);
      await all[network].setAutoBlocks(auto);
      return { auto };
    }
    case '/snapshot': {
      const { network } = parse(SnapshotBody, body);
      return { id: await all[network].snapshot(), blockNumber: await all[network].head() };
    }
    case '/revert': {
      const { network, id } = parse(RevertBody, body);
      await all[network].revert(id);
      return { blockNumber: await all[network].head() };
    }
    case '/faults': {
      const { network, mode, durationMs } = parse(FaultsBody, body);
      if (mode === 'none') faults.delete(network);
      else faults.set(network, { mode, until: durationMs ? Date.now() + durationMs : null, answered: 0 });
      const until = faults.get(network)?.until;
      return { network, mode, until: until ? new Date(until).toISOString() : null };
    }
    default:
      throw new ControlError(404, `no control route ${route}`);
  }
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', base);
  if (url.pathname === '/readyz') {
    send(response, summary ? 200 : 503, { status: summary ? 'ready' : 'starting' });
    return;
  }
  if (!chains || !evm || !tron || !summary) {
    send(response, 503, { message: 'the local chains are starting' });
    return;
  }
  const endpoint = { '/erc20': 'ERC20', '/bep20': 'BEP20' } as const;
  const evmNetwork = endpoint[url.pathname as keyof typeof endpoint];
  if (evmNetwork && request.method === 'POST') {
    if (!(await faulted(evmNetwork, request, response))) await jsonRpc(evm[evmNetwork], request, response);
    return;
  }
  if (url.pathname.startsWith('/tron/')) {
    if (!(await faulted('TRC20', request, response))) await tronGrid(tron, url, request, response);
    return;
  }
  if (url.pathname === '/control/info' && request.method === 'GET') {
    send(response, 200, summary);
    return;
  }
  if (url.pathname.startsWith('/control/') && request.method === 'POST') {
    const body = parseJson((await readBody(request)) || '{}');
    send(response, 200, await control(url.pathname.slice('/control'.length), body, chains));
    return;
  }
  send(response, 404, { message: `no route ${request.method} ${url.pathname}` });
}

const server = http.createServer((request, response) => {
  handle(request, response).catch((error: unknown) => {
    if (error instanceof ControlError) send(response, error.status, { message: error.message });
    else {
      console.error(error);
      send(response, 500, { message: error instanceof Error ? error.message : String(error) });
    }
  });
});

async function start(): Promise<void> {
  const startedAt = Date.now();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const contracts = await compiledContracts(cacheDir);
  // One after the other: Hardhat sets up its shared EDR context on the first provider without a lock, and a second
  // provider created meanwhile fails ("Provider for provided chain type does not exist").
  const erc20 = await LocalEvmChain.start({
    label: 'ERC-20',
    chainId: 31337,
    decimals: 6,
    blockMs,
    contracts,
  });
  const bep20 = await LocalEvmChain.start({
    label: 'BEP-20',
    chainId: 31338,
    decimals: 18,
    blockMs,
    contracts,
  });
  // The same 20 bytes as the EVM accounts, so the TRON platform and faucet are as fixed as theirs.
  const { deployerAddress, platformAddress, faucetAddress } = erc20.info;
  tron = new TronStandin(
    { deployer: deployerAddress, platform: platformAddress, faucet: faucetAddress },
    { blockMs, solidifyBlocks, apiKey: tronApiKey },
  );
  evm = { ERC20: erc20, BEP20: bep20 };
  chains = { ERC20: erc20, BEP20: bep20, TRC20: tron };
  const evmSummary = (chain: LocalEvmChain, network: 'ERC20' | 'BEP20', route: string) => ({
    endpoint: `${base}/${route}`,
    chainId: chain.info.chainId,
    usdtContract: chain.info.usdtContract,
    lookAlikeContract: chain.info.lookAlikeContract,
    batchContract: chain.info.batchContract,
    decimals: chain.info.decimals,
    confirmationsHint: CONFIRMATIONS_HINT[network],
    platformAddress: chain.info.platformAddress,
    faucetAddress: chain.info.faucetAddress,
    deployerAddress: chain.info.deployerAddress,
  });
  const ready: LocalChainsSummary = {
    control: `${base}/control`,
    networks: {
      ERC20: evmSummary(erc20, 'ERC20', 'erc20'),
      BEP20: evmSummary(bep20, 'BEP20', 'bep20'),
      TRC20: {
        endpoint: `${base}/tron`,
        usdtContract: tron.info.usdtContract,
        lookAlikeContract: tron.info.lookAlikeContract,
        decimals: tron.info.decimals,
        solidifyBlocks,
        confirmationsHint: solidifyBlocks + 1,
        platformAddress: tron.info.platformAddress,
        faucetAddress: tron.info.faucetAddress,
        ...(tronApiKey ? { apiKey: tronApiKey } : {}),
      },
    },
  };
  if (summaryFile) {
    // Written whole and renamed: a reader polling for it never sees half of it.
    writeFileSync(`${summaryFile}.tmp`, JSON.stringify(ready, null, 2));
    renameSync(`${summaryFile}.tmp`, summaryFile);
  }
  summary = ready;
  console.log(
    `local chains ready on ${base} in ${Date.now() - startedAt} ms (ERC-20, BEP-20, TRC-20 stand-in)`,
  );
}

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const timer of slowAnswers) clearTimeout(timer);
  await Promise.all(Object.values(chains ?? {}).map((chain) => chain.stop()));
  if (summaryFile && summary) rmSync(summaryFile, { force: true });
  server.closeAllConnections();
  server.close(() => process.exit(0));
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

start().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
