// Wallet Management and Payment Methods through the gateway: one platform address per network, checked for its
// network, the history of its changes, the networks accepted per direction, the investor's deposits and withdrawals
// following them, and the chain service told of each change (decision 0080). Exclusive: it changes the platform
// wallets and the accepted networks every suite relies on. The stack starts with the local chains' addresses as
// the wallets of all three networks, and deposits on TRC-20 only (the spec's default).
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { chainOperations } from '@cropvest/contracts/chain/api';
import type { OperationBody } from '@cropvest/contracts/operation-call';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  adminSession,
  eventually,
  registerInvestor,
  stack,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import { unknownTxid } from '../../../test/support/chain.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { OTHER_TRON_ADDRESS, refused, TRON_ADDRESS } from './support.ts';

jest.setTimeout(60_000);

/** EIP-55 test vector (mixed case, checksum correct). */
const EVM_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
/** A second valid TRON address (the USDT contract's). */

const client = stackClient();
let admin: Session;
let investor: Session;

const putWallet = (body: OperationBody<typeof walletOperations.updateWalletSettings>, session = admin) =>
  client.call(walletOperations.updateWalletSettings, { token: session.accessToken, body });
const putMethod = (body: OperationBody<typeof walletOperations.updatePaymentMethods>, session = admin) =>
  client.call(walletOperations.updatePaymentMethods, { token: session.accessToken, body });
const methods = () => client.ok(walletOperations.paymentMethods, { token: investor.accessToken });
const history = (query: { page?: number; pageSize?: number } = {}) =>
  client.call(walletOperations.walletAddressHistory, { token: admin.accessToken, query });
const investorWallet = async () =>
  (await client.call(walletOperations.walletSettings, { token: investor.accessToken })).body;

beforeAll(async () => {
  admin = await adminSession();
  investor = await registerInvestor();
  expect((await putWallet({ address: TRON_ADDRESS, networkType: 'TRC20', isActive: true })).status).toBe(200);
  // The spec's default, whatever the suites before this one on the stack switched on.
  await putMethod({ network: 'TRC20', deposits: true, withdrawals: true });
  for (const network of ['ERC20', 'BEP20'] as const)
    await putMethod({ network, deposits: false, withdrawals: false });
});

afterAll(async () => {
  // Leave the platform as the other suites expect it: the local chains' wallets, TRC-20 accepted both ways.
  await putMethod({ network: 'TRC20', deposits: true, withdrawals: true });
  for (const network of ['ERC20', 'BEP20'] as const)
    await putMethod({ network, deposits: false, withdrawals: false });
  for (const network of ['TRC20', 'ERC20', 'BEP20'] as const)
    await putWallet({
      address: stack().localChains.networks[network].platformAddress,
      networkType: network,
      isActive: true,
    });
  await closeConnections();
});

describe('PUT /api/admin/wallet-settings', () => {
  it.each([
    ['TRC20', `${TRON_ADDRESS.slice(0, -1)}u`, 'invalid checksum'],
    ['TRC20', TRON_ADDRESS.slice(0, -1), '34 characters'],
    ['ERC20', EVM_ADDRESS.replace('aAeb', 'aaeb'), 'EIP-55'],
    ['BEP20', TRON_ADDRESS, '0x followed by 40'],
    ['ERC20', `${EVM_ADDRESS}0`, '0x followed by 40'],
  ] as const)(
    'refuses a %s address %s with 400 naming the rule, and changes nothing',
    async (networkType, address, rule) => {
      const before = await investorWallet();
      const historyBefore = Number((await history()).headers.get('x-total-count'));
      const result = refused(await putWallet({ address, networkType, isActive: true }), 400);
      expect(result.issues?.[0]).toMatchObject({ path: 'address' });
      expect(result.message).toContain(rule);
      expect(await investorWallet()).toEqual(before);
      expect(Number((await history()).headers.get('x-total-count'))).toBe(historyBefore);
    },
  );

  it('keeps each change in the history, newest first (who, old → new, network), paged; the investor sees the new address', async () => {
    expect(
      (await putWallet({ address: OTHER_TRON_ADDRESS, networkType: 'TRC20', isActive: true })).status,
    ).toBe(200);
    // An unchanged save is not a change.
    expect(
      (await putWallet({ address: OTHER_TRON_ADDRESS, networkType: 'TRC20', isActive: true })).status,
    ).toBe(200);
    const page = await history({ page: 1, pageSize: 1 });
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(1);
    expect(Number(page.headers.get('x-total-count'))).toBeGreaterThanOrEqual(2);
    expect(succeeded(page)[0]).toMatchObject({
      adminId: admin.user.id,
      previousAddress: TRON_ADDRESS,
      previousNetwork: 'TRC20',
      address: OTHER_TRON_ADDRESS,
      network: 'TRC20',
      isActive: true,
    });
    const second = succeeded(await history({ page: 2, pageSize: 1 }));
    expect(second[0]).toMatchObject({ address: TRON_ADDRESS });
    expect(await investorWallet()).toMatchObject({
      usdtWalletAddress: OTHER_TRON_ADDRESS,
      networkType: 'TRC20',
      isActive: true,
    });
  });

  it('refuses investors with 403 on every admin wallet route', async () => {
    const calls = await Promise.all([
      putWallet({ address: TRON_ADDRESS, networkType: 'TRC20', isActive: true }, investor),
      client.call(walletOperations.walletAddressHistory, { token: investor.accessToken }),
      putMethod({ network: 'TRC20', deposits: true, withdrawals: false }, investor),
    ]);
    expect(calls.map((call) => call.status)).toEqual([403, 403, 403]);
    expect(await methods()).toContainEqual({ network: 'TRC20', deposits: true, withdrawals: true });
  });
});

describe('one wallet per network', () => {
  it('a network’s address changes only that network’s wallet; the chain service hears of it', async () => {
    const before = await investorWallet();
    expect((await putWallet({ address: EVM_ADDRESS, networkType: 'ERC20', isActive: true })).status).toBe(
      200,
    );
    // The spec's one wallet is TRC-20's, untouched.
    expect(await investorWallet()).toEqual(before);
    const all = await client.ok(walletOperations.adminWalletSettings, { token: admin.accessToken });
    expect(all.map((wallet) => wallet.networkType)).toEqual(['TRC20', 'ERC20', 'BEP20']);
    expect(all[1]).toMatchObject({ usdtWalletAddress: EVM_ADDRESS, isActive: true });
    await eventually(
      async () =>
        (await client.ok(chainOperations.chainNetworks)).find((n) => n.network === 'ERC20')
          ?.depositAddress === EVM_ADDRESS,
      10_000,
      'the chain service to show the new ERC-20 address',
    );
  });
});

describe('payment methods', () => {
  it('keep one deposit network, need an active wallet for deposits, pay out on TRC-20 only, and the investor API follows', async () => {
    expect(await methods()).toEqual([
      { network: 'TRC20', deposits: true, withdrawals: true },
      { network: 'ERC20', deposits: false, withdrawals: false },
      { network: 'BEP20', deposits: false, withdrawals: false },
    ]);
    const last = await putMethod({ network: 'TRC20', deposits: false, withdrawals: true });
    expect(last).toMatchObject({ status: 409, body: { code: 'LAST_DEPOSIT_NETWORK' } });
    const bep20 = stack().localChains.networks.BEP20.platformAddress;
    expect((await putWallet({ address: bep20, networkType: 'BEP20', isActive: false })).status).toBe(200);
    const noWallet = await putMethod({ network: 'BEP20', deposits: true, withdrawals: false });
    expect(noWallet).toMatchObject({ status: 409, body: { code: 'NO_ACTIVE_WALLET' } });
    expect((await putWallet({ address: bep20, networkType: 'BEP20', isActive: true })).status).toBe(200);
    const evmPayout = refused(await putMethod({ network: 'BEP20', deposits: false, withdrawals: true }), 400);
    expect(evmPayout.issues?.[0]).toMatchObject({ path: 'withdrawals' });

    // TRC-20 withdrawals off: a withdrawal is refused before anything is held.
    const saver = await verifiedInvestor('50', 'wallet');
    const off = await putMethod({ network: 'TRC20', deposits: true, withdrawals: false });
    expect(off.status).toBe(200);
    expect(off.body).toContainEqual({ network: 'TRC20', deposits: true, withdrawals: false });
    const withdraw = () =>
      client.call(walletOperations.requestWithdrawal, {
        token: saver.accessToken,
        body: { amount: '10', walletAddress: TRON_ADDRESS },
      });
    expect(await withdraw()).toMatchObject({ status: 409, body: { code: 'WITHDRAWALS_NOT_ACCEPTED' } });
    expect((await client.call(walletOperations.myWithdrawals, { token: saver.accessToken })).body).toEqual(
      [],
    );
    await putMethod({ network: 'TRC20', deposits: true, withdrawals: true });
    expect((await withdraw()).status).toBe(201);

    // ERC-20 deposits on (its wallet is active): a deposit on ERC-20 is taken; its address cannot be switched off
    // while it takes deposits, and TRC-20 can then be switched off for deposits…
    const deposit = (body: OperationBody<typeof walletOperations.createDeposit>) =>
      client.call(walletOperations.createDeposit, { token: investor.accessToken, body });
    const refusedDeposit = await deposit({ amount: '20', network: 'ERC20' });
    expect(refusedDeposit).toMatchObject({ status: 409, body: { code: 'DEPOSITS_NOT_ACCEPTED' } });
    expect((await putMethod({ network: 'ERC20', deposits: true, withdrawals: false })).status).toBe(200);
    const deactivate = await putWallet({ address: EVM_ADDRESS, networkType: 'ERC20', isActive: false });
    expect(deactivate).toMatchObject({ status: 409, body: { code: 'NETWORK_ACCEPTS_DEPOSITS' } });
    const erc20Deposit = await deposit({ amount: '20', network: 'ERC20', txid: unknownTxid() });
    expect(erc20Deposit).toMatchObject({ status: 201, body: { network: 'ERC20' } });
    expect((await putMethod({ network: 'TRC20', deposits: false, withdrawals: true })).status).toBe(200);
    expect(await methods()).toEqual([
      { network: 'TRC20', deposits: false, withdrawals: true },
      { network: 'ERC20', deposits: true, withdrawals: false },
      { network: 'BEP20', deposits: false, withdrawals: false },
    ]);
    // …and ERC-20, now the only one, cannot be.
    const lastErc = await putMethod({ network: 'ERC20', deposits: false, withdrawals: false });
    expect(lastErc).toMatchObject({ status: 409, body: { code: 'LAST_DEPOSIT_NETWORK' } });
    expect((await putMethod({ network: 'TRC20', deposits: true, withdrawals: true })).status).toBe(200);
    expect((await putMethod({ network: 'ERC20', deposits: false, withdrawals: false })).status).toBe(200);
  });
});
