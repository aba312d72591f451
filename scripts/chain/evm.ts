// A local EVM network in this process: Hardhat 2's EDR node (Hardhat 3 needs Node 22), created through Hardhat's
// own provider construction with a resolved config, once per network, so the Ethereum and BNB stand-ins are two
// independent providers (own chain id, state, blocks) without a Hardhat runtime environment or a child process.
// Transactions are mined at once, an empty block follows every LOCAL_CHAIN_BLOCK_MS so confirmations grow, and a
// failed transaction is mined with status 0 instead of being refused.
import { resolveConfig } from 'hardhat/internal/core/config/config-resolution.js';
import { createProvider } from 'hardhat/internal/core/providers/construction.js';
import type { EthereumProvider } from 'hardhat/types';
import {
  decodeFunctionResult,
  encodeDeployData,
  encodeFunctionData,
  formatUnits,
  getAddress,
  isAddress,
  maxUint256,
  parseEther,
  toHex,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import type { CompiledContracts } from './compile.ts';
import {
  ACCOUNT_ROLES,
  ControlError,
  SUPPLY,
  parseAmount,
  type LocalChain,
  type Party,
  type Sent,
  type TokenRole,
} from './local-chain.ts';

export interface EvmChainInfo {
  chainId: number;
  usdtContract: Address;
  lookAlikeContract: Address;
  batchContract: Address;
  decimals: number;
  deployerAddress: Address;
  platformAddress: Address;
  faucetAddress: Address;
}

interface Receipt {
  status: Hex;
  blockNumber: Hex;
  transactionHash: Hex;
  contractAddress: Address | null;
}

/** Plenty for any call here; given explicitly only where gas estimation would refuse (a transfer meant to revert). */
const GAS_FOR_A_FAILING_TRANSFER = 200_000n;

export class LocalEvmChain implements LocalChain {
  private readonly impersonated = new Set<string>();

  private constructor(
    private readonly provider: EthereumProvider,
    private readonly label: string,
    private readonly blockMs: number,
    private readonly token: CompiledContracts['TestToken'],
    private readonly batchAbi: Abi,
    readonly info: EvmChainInfo,
  ) {}

  static async start(options: {
    label: string;
    chainId: number;
    decimals: number;
    blockMs: number;
    contracts: CompiledContracts;
  }): Promise<LocalEvmChain> {
    // Hardhat resolves its project paths from the config file's, which must exist; no path is used without
    // compiling or forking, so this file stands in for it.
    const config = resolveConfig(import.meta.filename, {
      networks: {
        hardhat: {
          chainId: options.chainId,
          // Failed transactions are mined with status 0, as on a live chain, instead of throwing.
          throwOnTransactionFailures: false,
          throwOnCallFailures: false,
          mining: { auto: true, interval: options.blockMs },
          // Deployer, platform and faucet; other addresses are impersonated when a transfer names them.
          accounts: { count: ACCOUNT_ROLES.length },
        },
      },
    });
    const provider = await createProvider(config, 'hardhat');
    const [deployer, platform, faucet] = (await provider.request({ method: 'eth_accounts' })) as Address[];
    if (!deployer || !platform || !faucet) throw new Error('Hardhat gave fewer than three accounts');
    const { TestToken, BatchTransfer } = options.contracts;
    const unit = 10n ** BigInt(options.decimals);

    const deploy = async (bytecode: Hex, abi: Abi, args: unknown[]): Promise<Address> => {
      const hash = (await provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: deployer, data: encodeDeployData({ abi, bytecode, args }) }],
      })) as Hex;
      const receipt = (await provider.request({
        method: 'eth_getTransactionReceipt',
        params: [hash],
      })) as Receipt;
      if (receipt.status !== '0x1' || !receipt.contractAddress)
        throw new Error(`${options.label}: deploying a contract failed`);
      return getAddress(receipt.contractAddress);
    };
    // Always in this order from a fresh account #0, so the addresses are the same every start.
    const tokenArgs = ['Tether USD', 'USDT', options.decimals, SUPPLY.minted * unit];
    const usdt = await deploy(TestToken.bytecode, TestToken.abi, tokenArgs);
    const lookAlike = await deploy(TestToken.bytecode, TestToken.abi, tokenArgs);
    const batch = await deploy(BatchTransfer.bytecode, BatchTransfer.abi, []);

    const chain = new LocalEvmChain(provider, options.label, options.blockMs, TestToken, BatchTransfer.abi, {
      chainId: options.chainId,
      usdtContract: usdt,
      lookAlikeContract: lookAlike,
      batchContract: batch,
      decimals: options.decimals,
      deployerAddress: getAddress(deployer),
      platformAddress: getAddress(platform),
      faucetAddress: getAddress(faucet),
    });
    await chain.callToken(deployer, usdt, 'transfer', [faucet, SUPPLY.faucet * unit]);
    await chain.callToken(deployer, lookAlike, 'transfer', [faucet, SUPPLY.faucet * unit]);
    // The faucet lets the batch contract move its tokens once, so a batch is a single transaction.
    await chain.callToken(faucet, usdt, 'approve', [batch, maxUint256]);
    await chain.callToken(faucet, lookAlike, 'approve', [batch, maxUint256]);
    return chain;
  }

  /** One JSON-RPC call, as the endpoint passes it on. */
  request(method: string, params?: unknown[]): Promise<unknown> {
    return this.provider.request({ method, params });
  }

  async transfer(request: {
    token: TokenRole;
    from: Party;
    to: string;
    amount: string;
    revert: boolean;
  }): Promise<Sent> {
    const token = this.tokenAddress(request.token);
    const from = await this.party(request.from);
    const to = this.address(request.to, 'to');
    const amount = parseAmount(request.amount, this.info.decimals);
    if (!request.revert) {
      await this.requireBalance(token, from, amount);
      return this.sent(await this.callToken(from, token, 'transfer', [to, amount]));
    }
    // More than the sender holds: the token itself reverts (ERC20InsufficientBalance), and the transaction is
    // mined with status 0. Its gas is given, since estimating it would refuse a transaction that fails.
    const balance = await this.balanceOf(token, from);
    return this.sent(
      await this.send(
        from,
        token,
        this.encodeToken('transfer', [to, balance + amount]),
        GAS_FOR_A_FAILING_TRANSFER,
      ),
    );
  }

  async transferFrom(request: { owner: Party; spender: Party; to: string; amount: string }): Promise<Sent> {
    const token = this.info.usdtContract;
    const owner = await this.party(request.owner);
    const spender = await this.party(request.spender);
    const to = this.address(request.to, 'to');
    const amount = parseAmount(request.amount, this.info.decimals);
    await this.requireBalance(token, owner, amount);
    await this.callToken(owner, token, 'approve', [spender, amount]);
    return this.sent(await this.callToken(spender, token, 'transferFrom', [owner, to, amount]));
  }

  async batch(transfers: { token: TokenRole; to: string; amount: string }[]): Promise<Sent> {
    const entries = transfers.map((t) => ({
      token: this.tokenAddress(t.token),
      to: this.address(t.to, 'to'),
      amount: parseAmount(t.amount, this.info.decimals),
    }));
    const totals = new Map<Address, bigint>();
    for (const e of entries) totals.set(e.token, (totals.get(e.token) ?? 0n) + e.amount);
    for (const [token, total] of totals) await this.requireBalance(token, this.info.faucetAddress, total);
    const data = encodeFunctionData({
      abi: this.batchAbi,
      functionName: 'batch',
      args: [entries.map((e) => e.token), entries.map((e) => e.to), entries.map((e) => e.amount)],
    });
    return this.sent(await this.send(this.info.faucetAddress, this.info.batchContract, data));
  }

  async head(): Promise<number> {
    return Number(await this.provider.request({ method: 'eth_blockNumber' }));
  }

  async mine(blocks: number): Promise<void> {
    await this.provider.request({ method: 'hardhat_mine', params: [toHex(blocks)] });
  }

  async setAutoBlocks(auto: boolean): Promise<void> {
    await this.provider.request({ method: 'evm_setIntervalMining', params: [auto ? this.blockMs : 0] });
  }

  async snapshot(): Promise<string> {
    return (await this.provider.request({ method: 'evm_snapshot' })) as string;
  }

  async revert(id: string): Promise<void> {
    const reverted = await this.provider.request({ method: 'evm_revert', params: [id] });
    if (reverted !== true)
      throw new ControlError(404, `${this.label}: no snapshot ${id} (each is used once)`);
  }

  async stop(): Promise<void> {
    await this.setAutoBlocks(false);
  }

  private tokenAddress(role: TokenRole): Address {
    return role === 'lookalike' ? this.info.lookAlikeContract : this.info.usdtContract;
  }

  private address(value: string, field: string): Address {
    if (!isAddress(value, { strict: false }))
      throw new ControlError(
        400,
        `${field} must be an ${this.label} address (0x and 40 hex digits), not ${value}`,
      );
    return getAddress(value);
  }

  /** A role's account, or any address: one Hardhat does not hold is impersonated and given gas money. */
  private async party(party: Party): Promise<Address> {
    if (party === 'faucet') return this.info.faucetAddress;
    if (party === 'platform') return this.info.platformAddress;
    const address = this.address(party, 'from');
    const own = [this.info.deployerAddress, this.info.platformAddress, this.info.faucetAddress];
    if (!own.includes(address) && !this.impersonated.has(address)) {
      await this.provider.request({ method: 'hardhat_impersonateAccount', params: [address] });
      await this.provider.request({
        method: 'hardhat_setBalance',
        params: [address, toHex(parseEther('100'))],
      });
      this.impersonated.add(address);
    }
    return address;
  }

  private async balanceOf(token: Address, owner: Address): Promise<bigint> {
    const data = encodeFunctionData({ abi: this.token.abi, functionName: 'balanceOf', args: [owner] });
    const result = (await this.provider.request({
      method: 'eth_call',
      params: [{ to: token, data }, 'latest'],
    })) as Hex;
    return decodeFunctionResult({ abi: this.token.abi, functionName: 'balanceOf', data: result }) as bigint;
  }

  private async requireBalance(token: Address, owner: Address, amount: bigint): Promise<void> {
    const balance = await this.balanceOf(token, owner);
    if (balance < amount) {
      const units = (value: bigint) => formatUnits(value, this.info.decimals);
      throw new ControlError(
        400,
        `${owner} holds ${units(balance)} of that token on ${this.label}, less than ${units(amount)}`,
      );
    }
  }

  private encodeToken(functionName: 'transfer' | 'approve' | 'transferFrom', args: unknown[]): Hex {
    return encodeFunctionData({ abi: this.token.abi, functionName, args });
  }

  private callToken(
    from: Address,
    token: Address,
    functionName: 'transfer' | 'approve' | 'transferFrom',
    args: unknown[],
  ): Promise<Receipt> {
    return this.send(from, token, this.encodeToken(functionName, args));
  }

  /** Sends and returns the receipt: automine has mined the transaction when eth_sendTransaction answers. */
  private async send(from: Address, to: Address, data: Hex, gas?: bigint): Promise<Receipt> {
    const hash = (await this.provider.request({
      method: 'eth_sendTransaction',
      params: [{ from, to, data, ...(gas ? { gas: toHex(gas) } : {}) }],
    })) as Hex;
    return (await this.provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as Receipt;
  }

  private sent(receipt: Receipt): Sent {
    return { txid: receipt.transactionHash, blockNumber: Number(receipt.blockNumber) };
  }
}
