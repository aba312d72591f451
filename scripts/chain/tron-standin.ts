// An in-memory stand-in for the TronGrid HTTP calls the chain service makes (no TRON node installs from npm or
// Debian). Shapes follow TronGrid's documentation at developers.tron.network:
// - POST /wallet/gettransactioninfobyid and /walletsolidity/gettransactioninfobyid: "GetTransactionInfoById"
//   (TransactionInfo: id, fee, blockNumber, blockTimeStamp, contractResult, contract_address, receipt{…, result},
//   log[{address without the 41 prefix, topics and data in hex without 0x}], result "FAILED" and resMessage in hex
//   only when it failed); `{}` for a transaction the node does not know.
// - POST /wallet/gettransactionbyid: "GetTransactionById" (ret[{contractRet}], signature, txID, raw_data with a
//   TriggerSmartContract); `{}` when unknown. raw_data_hex (protobuf bytes) is left out: nothing here reads it.
// - POST /wallet/getnowblock and /walletsolidity/getnowblock: "GetNowBlock" (blockID, block_header.raw_data
//   {number, txTrieRoot, witness_address, parentHash, version, timestamp}, witness_signature, transactions).
// - GET /v1/accounts/{address}/transactions/trc20: "TRC20 transaction information by account address" (query
//   only_confirmed, only_unconfirmed, only_to, only_from, contract_address, limit ≤ 200, fingerprint,
//   min_timestamp, max_timestamp, order_by=block_timestamp,asc|desc; answer {data[{transaction_id, token_info
//   {symbol, address, decimals, name}, block_timestamp, from, to, type, value}], success, meta{at, page_size,
//   fingerprint and links.next while more pages follow}}); one row per Transfer log.
// - POST /wallet/triggerconstantcontract and /walletsolidity/triggerconstantcontract: "TriggerConstantContract"
//   (result{result}, energy_used, constant_result[hex], transaction); only balanceOf(address) is answered.
// A request without the right TRON-PRO-API-KEY header gets 401 when LOCAL_TRON_API_KEY is set.
//
// Every transaction sent through the control API is mined into a block of its own at once; an empty block follows
// every LOCAL_CHAIN_BLOCK_MS. A block is solidified LOCAL_TRON_SOLIDIFY_BLOCKS blocks after it (mainnet: 19):
// before that only the full node (/wallet/) knows its transactions, after it the solidity node (/walletsolidity/)
// and the v1 list with only_confirmed=true too. Addresses are the EVM accounts' 20 bytes with the 0x41 prefix.
import { createHash } from 'node:crypto';
import {
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  getContractAddress,
  maxUint256,
  parseAbi,
  toHex,
  type Hex,
} from 'viem';
import { checkTronAddress, tronAddressFromHex, tronAddressToHex } from '@cropvest/contracts/chain/addresses';
import {
  ControlError,
  SUPPLY,
  parseAmount,
  type LocalChain,
  type Party,
  type Sent,
  type TokenRole,
} from './local-chain.ts';

export interface TronInfo {
  usdtContract: string;
  lookAlikeContract: string;
  batchContract: string;
  decimals: number;
  solidifyBlocks: number;
  deployerAddress: string;
  platformAddress: string;
  faucetAddress: string;
}

/** What a transaction did to balances and allowances, replayed when a reorganisation drops blocks. */
type Effect =
  | { kind: 'transfer'; token: Hex; from: Hex; to: Hex; amount: bigint; spender?: Hex }
  | { kind: 'approve'; token: Hex; owner: Hex; spender: Hex; amount: bigint };

interface TronLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
}

interface TronTransaction {
  txid: string;
  blockNumber: number;
  /** Its position in its block. */
  index: number;
  owner: Hex;
  contract: Hex;
  data: Hex;
  /** When it was made (raw_data.timestamp), a little before its block. */
  createdAt: number;
  success: boolean;
  logs: TronLog[];
  effects: Effect[];
}

interface Block {
  number: number;
  timestamp: number;
  id: string;
  parentId: string;
  transactions: TronTransaction[];
}

export interface TronRequest {
  method: string;
  /** The path after /tron. */
  path: string;
  query: URLSearchParams;
  apiKey: string | undefined;
  body: unknown;
  /** This stand-in's public base address (…/tron), for links.next. */
  baseUrl: string;
}

export interface TronResponse {
  status: number;
  body: unknown;
}

const BATCH_ABI = parseAbi(['function batch(address[] tokens, address[] to, uint256[] amounts)']);
const TOKEN = { name: 'Tether USD', symbol: 'USDT', decimals: 6 };
/** Energy and bandwidth a USDT transfer burns on mainnet, roughly, so receipts carry believable numbers. */
const RECEIPT_COSTS = {
  energy_usage_total: 64_285,
  energy_fee: 26_999_700,
  net_usage: 345,
  net_fee: 345_000,
};
const PAGE_LIMIT = { default: 20, max: 200 };

const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');
const bare = (hex: Hex): string => hex.slice(2);
const word = (value: bigint): string => value.toString(16).padStart(64, '0');

export class TronStandin implements LocalChain {
  readonly info: TronInfo;
  private readonly blocks: Block[] = [];
  private readonly transactions = new Map<string, TronTransaction>();
  /** Per `token:holder`, the balance after each block that changed it, oldest first (reads at the solid block). */
  private balances = new Map<string, { block: number; balance: bigint }[]>();
  private allowances = new Map<string, bigint>();
  private readonly snapshots = new Map<string, number>();
  private nextSnapshot = 1;
  private sequence = 0;
  private readonly timer: NodeJS.Timeout;
  private autoBlocks = true;
  private readonly tokens: { usdt: Hex; lookalike: Hex };
  private readonly batchContract: Hex;
  private readonly accounts: { deployer: Hex; platform: Hex; faucet: Hex };

  constructor(
    accounts: { deployer: Hex; platform: Hex; faucet: Hex },
    private readonly options: { blockMs: number; solidifyBlocks: number; apiKey: string | undefined },
  ) {
    const lower = (hex: Hex) => hex.toLowerCase() as Hex;
    this.accounts = {
      deployer: lower(accounts.deployer),
      platform: lower(accounts.platform),
      faucet: lower(accounts.faucet),
    };
    // Where the deployer's first three contracts would be, as on the EVM networks: the same every start.
    const contract = (nonce: bigint) => lower(getContractAddress({ from: this.accounts.deployer, nonce }));
    this.tokens = { usdt: contract(0n), lookalike: contract(1n) };
    this.batchContract = contract(2n);
    this.info = {
      usdtContract: tronAddressFromHex(this.tokens.usdt),
      lookAlikeContract: tronAddressFromHex(this.tokens.lookalike),
      batchContract: tronAddressFromHex(this.batchContract),
      decimals: TOKEN.decimals,
      solidifyBlocks: options.solidifyBlocks,
      deployerAddress: tronAddressFromHex(this.accounts.deployer),
      platformAddress: tronAddressFromHex(this.accounts.platform),
      faucetAddress: tronAddressFromHex(this.accounts.faucet),
    };
    this.blocks.push(this.makeBlock(0, [], '0'.repeat(64)));
    this.replay();
    this.timer = setInterval(() => {
      if (this.autoBlocks) this.mineBlock([]);
    }, options.blockMs);
  }

  // ----- the control API -----

  async transfer(request: {
    token: TokenRole;
    from: Party;
    to: string;
    amount: string;
    revert: boolean;
  }): Promise<Sent> {
    const token = this.tokens[request.token];
    const from = this.party(request.from);
    const to = this.address(request.to, 'to');
    const amount = parseAmount(request.amount, TOKEN.decimals);
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] });
    if (request.revert) return this.send({ owner: from, contract: token, data, success: false, effects: [] });
    this.requireBalance(token, from, amount);
    return this.send({
      owner: from,
      contract: token,
      data,
      success: true,
      effects: [{ kind: 'transfer', token, from, to, amount }],
    });
  }

  async transferFrom(request: { owner: Party; spender: Party; to: string; amount: string }): Promise<Sent> {
    const token = this.tokens.usdt;
    const owner = this.party(request.owner);
    const spender = this.party(request.spender);
    const to = this.address(request.to, 'to');
    const amount = parseAmount(request.amount, TOKEN.decimals);
    this.requireBalance(token, owner, amount);
    this.send({
      owner,
      contract: token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }),
      success: true,
      effects: [{ kind: 'approve', token, owner, spender, amount }],
    });
    return this.send({
      owner: spender,
      contract: token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [owner, to, amount] }),
      success: true,
      effects: [{ kind: 'transfer', token, from: owner, to, amount, spender }],
    });
  }

  async batch(transfers: { token: TokenRole; to: string; amount: string }[]): Promise<Sent> {
    const from = this.accounts.faucet;
    const entries = transfers.map((t) => ({
      token: this.tokens[t.token],
      to: this.address(t.to, 'to'),
      amount: parseAmount(t.amount, TOKEN.decimals),
    }));
    const totals = new Map<Hex, bigint>();
    for (const e of entries) totals.set(e.token, (totals.get(e.token) ?? 0n) + e.amount);
    for (const [token, total] of totals) this.requireBalance(token, from, total);
    return this.send({
      owner: from,
      contract: this.batchContract,
      data: encodeFunctionData({
        abi: BATCH_ABI,
        functionName: 'batch',
        args: [entries.map((e) => e.token), entries.map((e) => e.to), entries.map((e) => e.amount)],
      }),
      success: true,
      effects: entries.map((e) => ({ kind: 'transfer', ...e, from, spender: this.batchContract })),
    });
  }

  async head(): Promise<number> {
    return this.headBlock.number;
  }

  async mine(blocks: number): Promise<void> {
    for (let i = 0; i < blocks; i++) this.mineBlock([]);
  }

  async setAutoBlocks(auto: boolean): Promise<void> {
    this.autoBlocks = auto;
  }

  async snapshot(): Promise<string> {
    const id = String(this.nextSnapshot++);
    this.snapshots.set(id, this.headBlock.number);
    return id;
  }

  /** Drops the blocks after the snapshot that are not solidified (a solidified block is final on TRON). */
  async revert(id: string): Promise<void> {
    const at = this.snapshots.get(id);
    if (at === undefined) throw new ControlError(404, `TRC-20: no snapshot ${id} (each is used once)`);
    for (const key of [...this.snapshots.keys()]) if (Number(key) >= Number(id)) this.snapshots.delete(key);
    const keep = Math.max(at, this.solidBlock);
    for (const block of this.blocks.splice(keep + 1))
      for (const tx of block.transactions) this.transactions.delete(tx.txid);
    this.replay();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
  }

  // ----- TronGrid's HTTP API -----

  handle(request: TronRequest): TronResponse {
    if (this.options.apiKey && request.apiKey !== this.options.apiKey)
      return { status: 401, body: { success: false, error: 'ApiKey not exists', statusCode: 401 } };
    const list = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(request.path);
    if (list && request.method === 'GET')
      return this.trc20Transfers(decodeURIComponent(list[1] ?? ''), request);
    const call = /^\/(wallet|walletsolidity)\/([a-z]+)$/.exec(request.path);
    if (!call)
      return {
        status: 404,
        body: { success: false, error: `no such API: ${request.path}`, statusCode: 404 },
      };
    const solid = call[1] === 'walletsolidity';
    const params = (
      request.method === 'GET' ? Object.fromEntries(request.query) : (request.body ?? {})
    ) as Record<string, unknown>;
    switch (call[2]) {
      case 'getnowblock':
        return {
          status: 200,
          body: this.blockJson(this.blocks[solid ? this.solidBlock : this.headBlock.number]),
        };
      case 'gettransactioninfobyid':
        return { status: 200, body: this.transactionInfo(this.known(params.value, solid)) };
      case 'gettransactionbyid':
        return solid
          ? { status: 404, body: { Error: 'use /wallet/gettransactionbyid' } }
          : { status: 200, body: this.transactionJson(this.known(params.value, false)) };
      case 'triggerconstantcontract':
        return this.constantCall(params, solid);
      default:
        return { status: 404, body: { Error: `no such API: ${request.path}` } };
    }
  }

  // ----- chain -----

  private get headBlock(): Block {
    return this.blocks[this.blocks.length - 1] as Block;
  }

  private get solidBlock(): number {
    return Math.max(0, this.headBlock.number - this.options.solidifyBlocks);
  }

  private makeBlock(number: number, transactions: TronTransaction[], parentId: string): Block {
    const timestamp = Math.max(Date.now(), (this.blocks.at(-1)?.timestamp ?? 0) + 1);
    // A TRON block id starts with its number (8 bytes); the rest stands for the hash of its header.
    const hash = sha256Hex(`${parentId}:${number}:${timestamp}:${transactions.map((t) => t.txid).join()}`);
    const id = number.toString(16).padStart(16, '0') + hash.slice(16);
    return { number, timestamp, id, parentId, transactions };
  }

  private mineBlock(transactions: TronTransaction[]): Block {
    const block = this.makeBlock(this.headBlock.number + 1, transactions, this.headBlock.id);
    this.blocks.push(block);
    for (const tx of transactions) {
      tx.blockNumber = block.number;
      this.transactions.set(tx.txid, tx);
      this.apply(tx, block.number);
    }
    return block;
  }

  private send(tx: { owner: Hex; contract: Hex; data: Hex; success: boolean; effects: Effect[] }): Sent {
    const createdAt = Date.now();
    const txid = sha256Hex(`${tx.owner}:${tx.contract}:${tx.data}:${createdAt}:${this.sequence++}`);
    const logs = tx.effects.map((effect) => this.log(effect));
    const block = this.mineBlock([{ ...tx, txid, blockNumber: 0, index: 0, createdAt, logs }]);
    return { txid, blockNumber: block.number };
  }

  private log(effect: Effect): TronLog {
    if (effect.kind === 'approve')
      return {
        address: effect.token,
        topics: encodeEventTopics({
          abi: erc20Abi,
          eventName: 'Approval',
          args: { owner: effect.owner, spender: effect.spender },
        }) as Hex[],
        data: encodeAbiParameters([{ type: 'uint256' }], [effect.amount]),
      };
    return {
      address: effect.token,
      topics: encodeEventTopics({
        abi: erc20Abi,
        eventName: 'Transfer',
        args: { from: effect.from, to: effect.to },
      }) as Hex[],
      data: encodeAbiParameters([{ type: 'uint256' }], [effect.amount]),
    };
  }

  // ----- balances -----

  private balanceAt(token: Hex, holder: Hex, block: number): bigint {
    const history = this.balances.get(`${token}:${holder}`) ?? [];
    for (let i = history.length - 1; i >= 0; i--) {
      const entry = history[i] as { block: number; balance: bigint };
      if (entry.block <= block) return entry.balance;
    }
    return 0n;
  }

  private setBalance(token: Hex, holder: Hex, block: number, balance: bigint): void {
    const key = `${token}:${holder}`;
    const history = this.balances.get(key) ?? [];
    if (history.at(-1)?.block === block) history.pop();
    history.push({ block, balance });
    this.balances.set(key, history);
  }

  private apply(tx: TronTransaction, block: number): void {
    if (!tx.success) return;
    for (const effect of tx.effects) {
      if (effect.kind === 'approve') {
        this.allowances.set(`${effect.token}:${effect.owner}:${effect.spender}`, effect.amount);
        continue;
      }
      const { token, from, to, amount, spender } = effect;
      if (spender) {
        const key = `${token}:${from}:${spender}`;
        const allowance = this.allowances.get(key) ?? 0n;
        if (allowance !== maxUint256) this.allowances.set(key, allowance - amount);
      }
      this.setBalance(token, from, block, this.balanceAt(token, from, block) - amount);
      this.setBalance(token, to, block, this.balanceAt(token, to, block) + amount);
    }
  }

  /** Balances and allowances from the state after deployment, through every block still on the chain. */
  private replay(): void {
    this.balances = new Map();
    this.allowances = new Map();
    const unit = 10n ** BigInt(TOKEN.decimals);
    const { deployer, faucet } = this.accounts;
    for (const token of [this.tokens.usdt, this.tokens.lookalike]) {
      this.setBalance(token, deployer, 0, (SUPPLY.minted - SUPPLY.faucet) * unit);
      this.setBalance(token, faucet, 0, SUPPLY.faucet * unit);
      this.allowances.set(`${token}:${faucet}:${this.batchContract}`, maxUint256);
    }
    for (const block of this.blocks) for (const tx of block.transactions) this.apply(tx, block.number);
  }

  private requireBalance(token: Hex, holder: Hex, amount: bigint): void {
    const balance = this.balanceAt(token, holder, this.headBlock.number);
    if (balance < amount) {
      const units = (value: bigint) => formatUnits(value, TOKEN.decimals);
      throw new ControlError(
        400,
        `${tronAddressFromHex(holder)} holds ${units(balance)} of that token on TRC-20, less than ${units(amount)}`,
      );
    }
  }

  // ----- addresses -----

  /** 20 bytes from `T…` or `41…` (the node's hex form); undefined for anything else. */
  private hexOf(address: string): Hex | undefined {
    if (checkTronAddress(address).ok) return tronAddressToHex(address);
    if (/^41[0-9a-fA-F]{40}$/.test(address)) return `0x${address.slice(2).toLowerCase()}`;
    return undefined;
  }

  private address(value: string, field: string): Hex {
    const hex = this.hexOf(value);
    if (!hex) throw new ControlError(400, `${field} must be a TRC-20 address (T…), not ${value}`);
    return hex;
  }

  private party(party: Party): Hex {
    if (party === 'faucet') return this.accounts.faucet;
    if (party === 'platform') return this.accounts.platform;
    return this.address(party, 'from');
  }

  // ----- API answers -----

  /** The transaction with this id if the node asked knows it: the solidity node only once it is solidified. */
  private known(value: unknown, solid: boolean): TronTransaction | undefined {
    if (typeof value !== 'string') return undefined;
    const tx = this.transactions.get(value.toLowerCase());
    if (!tx || (solid && tx.blockNumber > this.solidBlock)) return undefined;
    return tx;
  }

  private transactionInfo(tx: TronTransaction | undefined): unknown {
    if (!tx) return {};
    const block = this.blocks[tx.blockNumber] as Block;
    const fee = RECEIPT_COSTS.energy_fee + RECEIPT_COSTS.net_fee;
    return {
      id: tx.txid,
      fee,
      blockNumber: block.number,
      blockTimeStamp: block.timestamp,
      contractResult: [tx.success ? word(1n) : ''],
      contract_address: `41${bare(tx.contract)}`,
      receipt: { ...RECEIPT_COSTS, result: tx.success ? 'SUCCESS' : 'REVERT' },
      ...(tx.logs.length > 0
        ? {
            log: tx.logs.map((log) => ({
              address: bare(log.address),
              topics: log.topics.map(bare),
              data: bare(log.data),
            })),
          }
        : {}),
      ...(tx.success ? {} : { result: 'FAILED', resMessage: bare(toHex('REVERT opcode executed')) }),
    };
  }

  private transactionJson(tx: TronTransaction | undefined): unknown {
    if (!tx) return {};
    const refBlock = this.blocks[Math.max(0, tx.blockNumber - 1)] as Block;
    return {
      ret: [{ contractRet: tx.success ? 'SUCCESS' : 'REVERT' }],
      signature: [sha256Hex(`signature:${tx.txid}`).repeat(2) + '00'],
      txID: tx.txid,
      raw_data: {
        contract: [
          {
            parameter: {
              value: {
                data: bare(tx.data),
                owner_address: `41${bare(tx.owner)}`,
                contract_address: `41${bare(tx.contract)}`,
              },
              type_url: 'type.googleapis.com/protocol.TriggerSmartContract',
            },
            type: 'TriggerSmartContract',
          },
        ],
        ref_block_bytes: refBlock.id.slice(12, 16),
        ref_block_hash: refBlock.id.slice(16, 32),
        expiration: tx.createdAt + 60_000,
        fee_limit: 100_000_000,
        timestamp: tx.createdAt,
      },
    };
  }

  private blockJson(block: Block | undefined): unknown {
    if (!block) return {};
    return {
      blockID: block.id,
      block_header: {
        raw_data: {
          number: block.number,
          txTrieRoot: sha256Hex(`trie:${block.transactions.map((t) => t.txid).join()}`),
          witness_address: `41${bare(this.accounts.deployer)}`,
          parentHash: block.parentId,
          version: 30,
          timestamp: block.timestamp,
        },
        witness_signature: sha256Hex(`witness:${block.id}`).repeat(2) + '00',
      },
      ...(block.transactions.length > 0
        ? { transactions: block.transactions.map((tx) => this.transactionJson(tx)) }
        : {}),
    };
  }

  private constantCall(params: Record<string, unknown>, solid: boolean): TronResponse {
    const contract =
      typeof params.contract_address === 'string' ? this.hexOf(params.contract_address) : undefined;
    const token = contract === this.tokens.usdt || contract === this.tokens.lookalike ? contract : undefined;
    const holder =
      typeof params.parameter === 'string' && /^[0-9a-fA-F]{64}$/.test(params.parameter)
        ? (`0x${params.parameter.slice(24).toLowerCase()}` as Hex)
        : undefined;
    const failure = (message: string): TronResponse => ({
      status: 200,
      body: { result: { code: 'CONTRACT_VALIDATE_ERROR', message: bare(toHex(message)) } },
    });
    if (!token) return failure('Smart contract is not exist.');
    if (params.function_selector !== 'balanceOf(address)' || !holder)
      return failure('this stand-in answers balanceOf(address) only');
    const balance = this.balanceAt(token, holder, solid ? this.solidBlock : this.headBlock.number);
    return {
      status: 200,
      body: {
        result: { result: true },
        energy_used: 935,
        constant_result: [word(balance)],
        transaction: {
          ret: [{}],
          visible: params.visible === true,
          txID: sha256Hex(`constant:${token}:${holder}:${Date.now()}`),
          raw_data: {
            contract: [
              {
                parameter: {
                  value: {
                    data: `70a08231${params.parameter as string}`,
                    owner_address: params.owner_address,
                    contract_address: params.contract_address,
                  },
                  type_url: 'type.googleapis.com/protocol.TriggerSmartContract',
                },
                type: 'TriggerSmartContract',
              },
            ],
          },
        },
      },
    };
  }

  private trc20Transfers(account: string, request: TronRequest): TronResponse {
    const refuse = (error: string): TronResponse => ({
      status: 400,
      body: { success: false, error, statusCode: 400 },
    });
    const holder = this.hexOf(account);
    if (!holder) return refuse(`invalid address: ${account}`);
    const q = request.query;
    const flag = (name: string) => q.get(name) === 'true';
    if (flag('only_confirmed') && flag('only_unconfirmed'))
      return refuse('only_confirmed and only_unconfirmed cannot be used together');
    const contractParam = q.get('contract_address');
    const contract = contractParam ? this.hexOf(contractParam) : undefined;
    if (contractParam && !contract) return refuse(`invalid contract_address: ${contractParam}`);
    const limit = Math.min(Number(q.get('limit') ?? PAGE_LIMIT.default), PAGE_LIMIT.max);
    const minTimestamp = Number(q.get('min_timestamp') ?? 0);
    const maxTimestamp = Number(q.get('max_timestamp') ?? Number.MAX_SAFE_INTEGER);
    if (![limit, minTimestamp, maxTimestamp].every(Number.isFinite) || limit < 1)
      return refuse('limit, min_timestamp and max_timestamp must be numbers');
    const ascending = (q.get('order_by') ?? 'block_timestamp,desc') === 'block_timestamp,asc';
    const after = decodeFingerprint(q.get('fingerprint'));
    if (q.get('fingerprint') && !after) return refuse('invalid fingerprint');

    const rows: { position: Position; row: unknown }[] = [];
    for (const block of this.blocks) {
      const confirmed = block.number <= this.solidBlock;
      if ((flag('only_confirmed') && !confirmed) || (flag('only_unconfirmed') && confirmed)) continue;
      if (block.timestamp < minTimestamp || block.timestamp > maxTimestamp) continue;
      for (const tx of block.transactions) {
        tx.effects.forEach((effect, logIndex) => {
          if (effect.kind !== 'transfer' || !tx.success) return;
          if (contract && effect.token !== contract) return;
          const involved = flag('only_to')
            ? effect.to === holder
            : flag('only_from')
              ? effect.from === holder
              : effect.to === holder || effect.from === holder;
          if (!involved) return;
          rows.push({
            position: [block.timestamp, block.number, tx.index, logIndex],
            row: {
              transaction_id: tx.txid,
              token_info: { ...TOKEN, address: tronAddressFromHex(effect.token) },
              block_timestamp: block.timestamp,
              from: tronAddressFromHex(effect.from),
              to: tronAddressFromHex(effect.to),
              type: 'Transfer',
              value: effect.amount.toString(),
            },
          });
        });
      }
    }
    if (!ascending) rows.reverse();
    const start = after
      ? rows.findIndex((r) => comparePositions(r.position, after) * (ascending ? 1 : -1) > 0)
      : 0;
    const page = start < 0 ? [] : rows.slice(start, start + limit);
    const last = page.at(-1);
    const more = start >= 0 && start + limit < rows.length && last;
    const meta: Record<string, unknown> = { at: Date.now(), page_size: page.length };
    if (more) {
      meta.fingerprint = encodeFingerprint(last.position);
      const next = new URLSearchParams(q);
      next.set('fingerprint', meta.fingerprint as string);
      meta.links = { next: `${request.baseUrl}${request.path}?${next}` };
    }
    return { status: 200, body: { data: page.map((r) => r.row), success: true, meta } };
  }
}

/** Where a row sits in the list: block time, block, transaction in it, log in it. */
type Position = [number, number, number, number];

function comparePositions(a: Position, b: Position): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return 0;
}

/** Opaque to clients, like TronGrid's: the last row's position, so it stays valid as blocks are added. */
function encodeFingerprint(position: Position): string {
  return Buffer.from(position.join('.')).toString('base64url');
}

function decodeFingerprint(fingerprint: string | null): Position | undefined {
  if (!fingerprint) return undefined;
  const parts = Buffer.from(fingerprint, 'base64url').toString().split('.').map(Number);
  return parts.length === 4 && parts.every(Number.isInteger) ? (parts as Position) : undefined;
}
