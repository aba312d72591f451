import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { operationCall, type OperationBody } from '@cropvest/contracts/operation-call';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import type { WalletDebitResult } from '@cropvest/contracts/wallet/model';
import {
  adminSession,
  eventually,
  registerInvestor,
  secondAdmin,
  stack,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import { eventHandled, publishEvent } from '../../../test/support/bus.ts';
import { unknownTxid } from '../../../test/support/chain.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { approveKycByEvent, verifiedInvestor } from '../../../test/support/kyc.ts';
import { balances, fund, ledgerCheck } from '../../../test/support/wallet.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { command, refused, TRON_ADDRESS } from './support.ts';

// The integration project's testTimeout is not applied per project by jest 30; the machine is shared.
jest.setTimeout(60_000);
afterAll(closeConnections);

const client = stackClient();
type WithdrawalRequest = OperationBody<typeof walletOperations.requestWithdrawal>;
const withdraw = (session: Session, body: WithdrawalRequest) =>
  client.call(walletOperations.requestWithdrawal, { token: session.accessToken, body });
const deposit = (session: Session, body: OperationBody<typeof walletOperations.createDeposit>) =>
  client.call(walletOperations.createDeposit, { token: session.accessToken, body });
const reviewDeposit = (
  admin: Session,
  id: string,
  body: OperationBody<typeof walletOperations.reviewDeposit>,
) => client.call(walletOperations.reviewDeposit, { token: admin.accessToken, path: { id }, body });
const reviewWithdrawal = (
  admin: Session,
  id: string,
  body: OperationBody<typeof walletOperations.reviewWithdrawal>,
) => client.call(walletOperations.reviewWithdrawal, { token: admin.accessToken, path: { id }, body });
const myDeposits = (session: Session) =>
  client.call(walletOperations.myDeposits, { token: session.accessToken });
const myWithdrawals = (session: Session) =>
  client.call(walletOperations.myWithdrawals, { token: session.accessToken });

describe('withdrawals', () => {
  it('when 50 withdrawals race on one balance of 100, exactly the 14 affordable ones of 7 succeed and nothing goes negative', async () => {
    const investor = await verifiedInvestor('100', 'wallet');
    const results = await Promise.all(
      Array.from({ length: 50 }, () => withdraw(investor, { amount: '7', walletAddress: TRON_ADDRESS })),
    );
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(ok).toHaveLength(14);
    expect(refused).toHaveLength(36);
    for (const r of refused)
      expect(r).toMatchObject({ status: 400, body: { message: 'Insufficient balance' } });
    expect(await balances(investor.user.id)).toMatchObject({ available: '2.00000000', hold: '98.00000000' });
    const mine = await myWithdrawals(investor);
    expect(mine.body).toHaveLength(14);
    expect((await ledgerCheck()).problems).toEqual([]);
    // The balance in /api/auth/me follows right after.
    await eventually(
      async () =>
        (await client.ok(identityOperations.me, { token: investor.accessToken })).balance === '2.00000000',
      30_000,
      'the balance projection',
    );
  });

  it('holds the amount at once; approval settles it, rejection returns it with the reason', async () => {
    const investor = await verifiedInvestor('50', 'wallet');
    const admin = await adminSession();
    const first = succeeded(await withdraw(investor, { amount: 20, walletAddress: TRON_ADDRESS }), 201);
    expect(first).toMatchObject({
      amount: '20.00000000',
      walletAddress: TRON_ADDRESS,
      status: 'pending',
      txid: null,
    });
    const second = await withdraw(investor, { amount: '10.5', walletAddress: TRON_ADDRESS });
    expect(await balances(investor.user.id)).toMatchObject({ available: '19.50000000', hold: '30.50000000' });

    // A TRC-20 transaction id, typed with 0x and spaces: kept in TRON's own form.
    const payoutTxid = unknownTxid();
    const approved = succeeded(
      await reviewWithdrawal(admin, first.id, {
        status: 'approved',
        txid: ` 0x${payoutTxid.toUpperCase()} `,
      }),
    );
    expect(approved).toMatchObject({
      status: 'approved',
      txid: payoutTxid,
      approvedBy: admin.user.id,
      user: { email: investor.user.email },
    });
    expect(approved.approvedAt).not.toBeNull();
    const rejected = await reviewWithdrawal(admin, succeeded(second, 201).id, {
      status: 'rejected',
      rejectionReason: 'Address on a sanctions list',
    });
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Address on a sanctions list',
    });
    expect(await balances(investor.user.id)).toMatchObject({ available: '30.00000000', hold: '0.00000000' });

    const again = await reviewWithdrawal(admin, first.id, { status: 'rejected' });
    expect(again).toMatchObject({ status: 409, body: { message: 'Withdrawal has already been approved' } });
    expect(await balances(investor.user.id)).toMatchObject({ available: '30.00000000', hold: '0.00000000' });
  });

  it.each([
    ['a bad checksum', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'invalid checksum'],
    ['a wrong prefix', 'AR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'starts with T'],
    ['the hex form', '41a614f803b6fd780986a42c78ec9c7f77e6ded13c', 'not the hex form'],
    ['33 characters', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6', '34 characters'],
    ['an Ethereum address', '0x52908400098527886E0F7030069857D2E4169EE7', 'only TRC-20'],
    ['characters outside base58', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60', 'base58'],
    ['a wrong version byte', 'TZx7aycba9w8yhyNTiqtciyUBuZqUjKmEL', 'version byte'],
  ])('refuses a destination with %s and moves nothing', async (_case, walletAddress, message) => {
    const investor = await verifiedInvestor('10', 'wallet');
    const result = refused(await withdraw(investor, { amount: '5', walletAddress }), 400);
    expect(result.message).toContain(message);
    expect(await balances(investor.user.id)).toMatchObject({ available: '10.00000000', hold: '0.00000000' });
  });

  it('refuses with 403 while KYC is required and not approved', async () => {
    const investor = await registerInvestor();
    await fund(investor, '10');
    const result = refused(await withdraw(investor, { amount: '5', walletAddress: TRON_ADDRESS }), 403);
    expect(result.code).toBe('KYC_REQUIRED');
    expect(await balances(investor.user.id)).toMatchObject({ available: '10.00000000', hold: '0.00000000' });
    await approveKycByEvent(investor.user.id, 'wallet');
    expect((await withdraw(investor, { amount: '5', walletAddress: TRON_ADDRESS })).status).toBe(201);
  });

  it('refuses more than the available balance with "Insufficient balance"', async () => {
    const investor = await verifiedInvestor('10', 'wallet');
    const result = await withdraw(investor, { amount: '10.00000001', walletAddress: TRON_ADDRESS });
    expect(result).toMatchObject({
      status: 400,
      body: { message: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE' },
    });
    expect((await myWithdrawals(investor)).body).toEqual([]);
  });
});

describe('deposits', () => {
  it('when two admins approve one deposit at the same moment, it is credited once', async () => {
    const investor = await registerInvestor();
    const [adminA, adminB] = [await adminSession(), await secondAdmin()];
    const made = succeeded(await deposit(investor, { amount: 250.25, txid: unknownTxid() }), 201);
    expect(made).toMatchObject({ amount: '250.25000000', status: 'pending', approvedBy: null });
    const results = await Promise.all(
      [adminA, adminB].map((a) => reviewDeposit(a, made.id, { status: 'approved' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const [winner] = results.filter((r) => r.status === 200).map((r) => succeeded(r));
    expect(winner).toMatchObject({
      status: 'approved',
      user: { name: 'Test Investor', email: investor.user.email },
    });
    expect([adminA.user.id, adminB.user.id]).toContain(winner?.approvedBy);
    const [loser] = results.filter((r) => r.status === 409).map((r) => refused(r, 409));
    expect(loser?.message).toBe('Deposit has already been approved');
    expect(await balances(investor.user.id)).toMatchObject({ available: '250.25000000' });
    const rejectLater = await reviewDeposit(adminA, made.id, { status: 'rejected' });
    expect(rejectLater.status).toBe(409);
    expect(await balances(investor.user.id)).toMatchObject({ available: '250.25000000' });
    expect((await ledgerCheck()).problems).toEqual([]);
  });

  it('a rejected deposit moves nothing; a transaction id cannot be claimed twice', async () => {
    const investor = await registerInvestor();
    const other = await registerInvestor();
    const txid = unknownTxid();
    const first = succeeded(await deposit(investor, { amount: '5', txid }), 201);
    const dup = await deposit(other, { amount: '5', txid: txid.toUpperCase() });
    expect(dup).toMatchObject({ status: 409, body: { code: 'TXID_CLAIMED' } });
    const rejected = await reviewDeposit(await adminSession(), first.id, {
      status: 'rejected',
      rejectionReason: 'No such transfer',
    });
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      rejectionReason: 'No such transfer',
      approvedBy: null,
    });
    expect(await balances(investor.user.id)).toMatchObject({ available: '0.00000000' });
  });

  it.each([
    [{ amount: '1.123456789' }, 'Amount must have at most 8 decimal places'],
    [{ amount: '-5' }, 'Amount must be at least 1'],
    [{ amount: -5 }, 'Amount must be at least 1'],
    [{ amount: '0' }, 'Amount must be at least 1'],
    [{ amount: 0.5 }, 'Amount must be at least 1'],
    [{ amount: '1e5' }, 'Amount must be a plain decimal number'],
    [{ amount: 1e21 }, 'Amount must be a plain decimal number, not exponent notation'],
    [{ amount: 'ten' }, 'Amount must be a plain decimal number'],
    [{ amount: '' }, 'Amount must be a plain decimal number'],
    [{ amount: '99999999999' }, 'Amount is too large'],
    [{ amount: '12345678901234567890.5' }, 'Amount is too large'],
    [{ amount: true }, 'Amount must be a number'],
    [{}, 'Amount is required'],
    [{ amount: '5', status: 'approved' }, 'Unknown field: status'],
  ])('refuses the deposit %j with a clear 400 and stores nothing', async (body, message) => {
    const investor = await registerInvestor();
    // Raw: most of these bodies are what the contract's types refuse (a boolean, no amount, an unknown field).
    const { method, path } = walletOperations.createDeposit;
    const result = await client.raw(method.toUpperCase(), path, { token: investor.accessToken, body });
    expect(result).toMatchObject({ status: 400, body: { message } });
    expect((await myDeposits(investor)).body).toEqual([]);
  });

  it.each([
    [{ status: 'done' }, 'status must be one of: approved, rejected'],
    [{ status: 'pending' }, 'status must be one of: approved, rejected'],
    [{}, 'status must be one of: approved, rejected'],
  ])('refuses the review %j with 400 and moves nothing', async (body, message) => {
    const investor = await registerInvestor();
    const made = succeeded(await deposit(investor, { amount: '3' }), 201);
    // Raw: statuses the contract's types refuse, to see the wallet refuse them too.
    const review = operationCall(walletOperations.reviewDeposit, {
      path: { id: made.id },
      body: { status: 'approved' },
    });
    const token = (await adminSession()).accessToken;
    const result = await client.raw(review.method, review.path, { token, body });
    expect(result).toMatchObject({ status: 400, body: { message } });
    expect(succeeded(await myDeposits(investor))[0]?.status).toBe('pending');
  });

  it('refuses withdrawal amounts the same way', async () => {
    const investor = await verifiedInvestor('10', 'wallet');
    for (const [amount, message] of [
      ['0.99', 'Amount must be at least 1'],
      ['1.000000001', 'Amount must have at most 8 decimal places'],
      ['abc', 'Amount must be a plain decimal number'],
    ] as const) {
      const result = await withdraw(investor, { amount, walletAddress: TRON_ADDRESS });
      expect(result).toMatchObject({ status: 400, body: { message } });
    }
    // Raw: a request without an address, which the contract's types refuse.
    const { method, path } = walletOperations.requestWithdrawal;
    const noAddress = await client.raw(method.toUpperCase(), path, {
      token: investor.accessToken,
      body: { amount: '2' },
    });
    expect(noAddress.body).toMatchObject({ message: 'Wallet address is required' });
    expect(await balances(investor.user.id)).toMatchObject({ available: '10.00000000', hold: '0.00000000' });
  });
});

describe('access', () => {
  it("an investor cannot read, review or view the proof of another investor's deposit or withdrawal", async () => {
    const owner = await verifiedInvestor('20', 'wallet');
    const intruder = await registerInvestor();
    const withdrawal = succeeded(await withdraw(owner, { amount: '5', walletAddress: TRON_ADDRESS }), 201);
    const [ownDeposit] = succeeded(await myDeposits(owner));
    const depositId = ownDeposit?.id ?? '';
    expect((await myDeposits(intruder)).body).toEqual([]);
    expect((await myWithdrawals(intruder)).body).toEqual([]);
    const proof = await client.call(walletOperations.depositProof, {
      token: intruder.accessToken,
      path: { id: depositId },
    });
    expect(proof.status).toBe(404);
    // Each admin call built from its operation, then sent as is: through the gateway, and to the wallet itself,
    // past the gateway, which the typed client only reaches by a path.
    for (const { method, path, body } of [
      operationCall(walletOperations.reviewDeposit, {
        path: { id: depositId },
        body: { status: 'rejected' },
      }),
      operationCall(walletOperations.reviewWithdrawal, {
        path: { id: withdrawal.id },
        body: { status: 'approved' },
      }),
      operationCall(walletOperations.adminDeposits),
      operationCall(walletOperations.adminWithdrawals),
      operationCall(walletOperations.updateWalletSettings, { body: { address: TRON_ADDRESS } }),
    ]) {
      const viaGateway = await client.raw(method, path, { token: intruder.accessToken, body });
      expect(viaGateway).toMatchObject({ status: 403, body: { message: 'Admin access required' } });
      // The service refuses on its own too, even when reached without the gateway.
      const direct = await client.raw(method, path, {
        token: intruder.accessToken,
        body,
        base: stack().services.wallet,
      });
      expect(direct).toMatchObject({ status: 403, body: { message: 'Admin access required' } });
    }
    expect(succeeded(await myWithdrawals(owner))[0]?.status).toBe('pending');
    expect(await balances(owner.user.id)).toMatchObject({ available: '15.00000000', hold: '5.00000000' });
  });

  it('refuses calls without a token, at the gateway and at the service', async () => {
    expect((await client.call(walletOperations.myDeposits)).status).toBe(401);
    // Raw: the wallet itself, past the gateway, from the socket's own address as before.
    const { method, path } = operationCall(walletOperations.myDeposits);
    expect((await client.raw(method, path, { ip: '', base: stack().services.wallet })).status).toBe(401);
  });
});

describe('platform wallet settings', () => {
  it('validates the address for its network, audits the change and shows it to investors', async () => {
    const admin = await adminSession();
    const investor = await registerInvestor();
    const bad = [
      [{ address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' }, 'invalid checksum'],
      [{ address: '0x52908400098527886E0F7030069857D2E4169EE7', networkType: 'TRC20' }, 'only TRC-20'],
      [{ address: '0x52908400098527886E0F7030069857D2E4169Ee7', networkType: 'ERC20' }, 'EIP-55'],
      [{ address: '0x1234', networkType: 'BEP20' }, '40 hexadecimal digits'],
      [{ address: '   ' }, 'Wallet address is required'],
    ] as const;
    const save = (body: OperationBody<typeof walletOperations.updateWalletSettings>) =>
      client.call(walletOperations.updateWalletSettings, { token: admin.accessToken, body });
    for (const [body, message] of bad) {
      const result = refused(await save(body), 400);
      expect(result.message).toContain(message);
    }
    // Raw: a network the contract's types have no word for.
    const { method, path } = walletOperations.updateWalletSettings;
    const btc = await client.raw(method.toUpperCase(), path, {
      token: admin.accessToken,
      body: { address: TRON_ADDRESS, networkType: 'BTC' },
    });
    expect(btc).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('networkType must be one of: TRC20, ERC20, BEP20') },
    });
    const erc = await save({ address: '0x52908400098527886E0F7030069857D2E4169EE7', networkType: 'ERC20' });
    expect(erc.status).toBe(200);
    const lower = await save({ address: '0x52908400098527886e0f7030069857d2e4169ee7', networkType: 'BEP20' });
    expect(lower.status).toBe(200);
    const saved = await save({ address: TRON_ADDRESS });
    expect(saved.body).toMatchObject({
      usdtWalletAddress: TRON_ADDRESS,
      networkType: 'TRC20',
      isActive: true,
    });
    const shown = succeeded(
      await client.call(walletOperations.walletSettings, { token: investor.accessToken }),
    );
    expect(shown).toMatchObject({
      usdtWalletAddress: TRON_ADDRESS,
      networkType: 'TRC20',
      isActive: true,
    });
    expect(Object.keys(shown ?? {}).sort()).toEqual([
      'createdAt',
      'id',
      'isActive',
      'networkType',
      'updatedAt',
      'usdtWalletAddress',
    ]);
    // One wallet per network: each network's change is audited against its own wallet.
    for (const wallet of [succeeded(erc), succeeded(lower)])
      await eventually(
        async () =>
          (
            await client.ok(identityOperations.auditLogs, {
              token: admin.accessToken,
              query: { action: 'wallet_update', targetId: wallet.id },
            })
          ).total >= 1,
        30_000,
        `the wallet_update audit row of ${wallet.networkType}`,
      );
  });
});

describe('commands and events from other services', () => {
  it('the same cmd.wallet.debit sent twice debits once and answers the same', async () => {
    const investor = await verifiedInvestor('100', 'wallet');
    const investmentId = randomUUID();
    const input = { investmentId, userId: investor.user.id, amount: '60' };
    const [a, b] = await Promise.all([
      command('cmd.wallet.debit', input),
      command('cmd.wallet.debit', input),
    ]);
    const c = await command<WalletDebitResult>('cmd.wallet.debit', { ...input, amount: 60 });
    expect(a).toEqual(b);
    expect(c).toEqual(a);
    expect(a).toMatchObject({
      investmentId,
      userId: investor.user.id,
      amount: '60.00000000',
      balance: '40.00000000',
    });
    expect(await balances(investor.user.id)).toMatchObject({
      available: '40.00000000',
      invested: '60.00000000',
    });
    await expect(command('cmd.wallet.debit', { ...input, amount: '61' })).rejects.toMatchObject({
      status: 409,
    });
    await expect(
      command('cmd.wallet.debit', {
        investmentId: randomUUID(),
        userId: investor.user.id,
        amount: '40.00000001',
      }),
    ).rejects.toMatchObject({ status: 400, message: 'Insufficient balance' });
    await expect(
      command('cmd.wallet.debit', { investmentId: randomUUID(), userId: investor.user.id, amount: '-1' }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await balances(investor.user.id)).toMatchObject({
      available: '40.00000000',
      invested: '60.00000000',
    });
  });

  it('investment.harvested pays principal and interest to available exactly once, even when redelivered', async () => {
    const investor = await verifiedInvestor('100', 'wallet');
    const investmentId = randomUUID();
    await command('cmd.wallet.debit', { investmentId, userId: investor.user.id, amount: '80' });
    const harvest = {
      investmentId,
      userId: investor.user.id,
      planId: randomUUID(),
      principal: '80.00000000',
      interest: '3.20000000',
    };
    const { id: eventId } = await publishEvent('investment.harvested', harvest);
    await publishEvent('investment.harvested', harvest, { id: eventId }); // same id: dropped or ignored by the inbox
    const last = await publishEvent('investment.harvested', harvest); // another id, same investment: idempotency keys
    await eventually(
      async () => (await balances(investor.user.id)).available === '103.20000000',
      30_000,
      'the harvest payout',
    );
    // Every copy was handled by now: none paid twice.
    await eventHandled('wallet', 'wallet-investment-harvested', last.id);
    expect(await balances(investor.user.id)).toMatchObject({
      available: '103.20000000',
      invested: '0.00000000',
    });
    expect((await ledgerCheck()).problems).toEqual([]);
  });

  it('an admin balance edit becomes an audited adjustment with a required reason', async () => {
    const admin = await adminSession();
    const investor = await registerInvestor();
    await fund(investor, '10');
    const path = { id: investor.user.id };
    const edit = (body: OperationBody<typeof identityOperations.updateAdminUser>) =>
      client.call(identityOperations.updateAdminUser, { token: admin.accessToken, path, body });
    const noReason = await edit({ balance: '25' });
    expect(noReason).toMatchObject({ status: 400, body: { code: 'BALANCE_REASON_REQUIRED' } });
    expect((await edit({ balance: '-1', balanceReason: 'typo fix' })).body).toMatchObject({
      message: 'Balance must not be negative',
    });
    // A refused edit moves no money: here the email is taken.
    const taken = await edit({
      email: (await adminSession()).user.email,
      balance: '99',
      balanceReason: 'Should not happen',
    });
    expect(taken.status).toBe(409);
    expect(await balances(investor.user.id)).toMatchObject({ available: '10.00000000' });
    // Sending the unchanged balance (a form posting the whole user) needs no reason.
    await eventually(
      async () =>
        (await client.ok(identityOperations.adminUser, { token: admin.accessToken, path })).balance ===
        '10.00000000',
      30_000,
      'the balance projection',
    );
    expect((await edit({ name: 'Same Balance', balance: '10' })).status).toBe(200);
    const edited = succeeded(await edit({ balance: '25.5', balanceReason: 'Goodwill credit for ticket 42' }));
    expect(edited.balance).toBe('25.50000000');
    const lowered = await edit({
      name: 'Renamed Investor',
      balance: 5,
      balanceReason: 'Reversal of a duplicate credit',
    });
    expect(lowered.body).toMatchObject({ name: 'Renamed Investor', balance: '5.00000000' });
    expect(await balances(investor.user.id)).toMatchObject({ available: '5.00000000' });
    const adjustments = () =>
      client.ok(identityOperations.auditLogs, {
        token: admin.accessToken,
        query: { action: 'balance_adjust', targetId: investor.user.id },
      });
    await eventually(async () => (await adjustments()).total === 2, 30_000, 'the balance_adjust audit rows');
    const audit = await adjustments();
    expect(audit.items.map((i) => i.details.reason).sort()).toEqual([
      'Goodwill credit for ticket 42',
      'Reversal of a duplicate credit',
    ]);
    expect((await ledgerCheck()).problems).toEqual([]);
  });
});
