import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  adminSession,
  api,
  call,
  eventually,
  freshIp,
  registerInvestor,
  secondAdmin,
  stack,
} from '../../../test/support/api.ts';
import { eventHandled, publishEvent } from '../../../test/support/bus.ts';
import { unknownTxid } from '../../../test/support/chain.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { approveKycByEvent, verifiedInvestor } from '../../../test/support/kyc.ts';
import { balances, fund, ledgerCheck } from '../../../test/support/wallet.ts';
import { command, TRON_ADDRESS } from './support.ts';

// The integration project's testTimeout is not applied per project by jest 30; the machine is shared.
jest.setTimeout(60_000);
afterAll(closeConnections);

describe('withdrawals', () => {
  it('when 50 withdrawals race on one balance of 100, exactly the 14 affordable ones of 7 succeed and nothing goes negative', async () => {
    const investor = await verifiedInvestor('100', 'wallet');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        api('POST', '/api/withdrawals', investor.accessToken, { amount: '7', walletAddress: TRON_ADDRESS }),
      ),
    );
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(ok).toHaveLength(14);
    expect(refused).toHaveLength(36);
    for (const r of refused)
      expect(r).toMatchObject({ status: 400, body: { message: 'Insufficient balance' } });
    expect(await balances(investor.user.id)).toMatchObject({ available: '2.00000000', hold: '98.00000000' });
    const mine = await api('GET', '/api/withdrawals', investor.accessToken);
    expect(mine.body).toHaveLength(14);
    expect((await ledgerCheck()).problems).toEqual([]);
    // The balance in /api/auth/me follows right after.
    await eventually(
      async () => (await api('GET', '/api/auth/me', investor.accessToken)).body.balance === '2.00000000',
      30_000,
      'the balance projection',
    );
  });

  it('holds the amount at once; approval settles it, rejection returns it with the reason', async () => {
    const investor = await verifiedInvestor('50', 'wallet');
    const admin = await adminSession();
    const first = await api('POST', '/api/withdrawals', investor.accessToken, {
      amount: 20,
      walletAddress: TRON_ADDRESS,
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      amount: '20.00000000',
      walletAddress: TRON_ADDRESS,
      status: 'pending',
      txid: null,
    });
    const second = await api('POST', '/api/withdrawals', investor.accessToken, {
      amount: '10.5',
      walletAddress: TRON_ADDRESS,
    });
    expect(await balances(investor.user.id)).toMatchObject({ available: '19.50000000', hold: '30.50000000' });

    // A TRC-20 transaction id, typed with 0x and spaces: kept in TRON's own form.
    const payoutTxid = unknownTxid();
    const approved = await api('PUT', `/api/admin/withdrawals/${first.body.id}/status`, admin.accessToken, {
      status: 'approved',
      txid: ` 0x${payoutTxid.toUpperCase()} `,
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'approved',
      txid: payoutTxid,
      approvedBy: admin.user.id,
      user: { email: investor.user.email },
    });
    expect(approved.body.approvedAt).not.toBeNull();
    const rejected = await api('PUT', `/api/admin/withdrawals/${second.body.id}/status`, admin.accessToken, {
      status: 'rejected',
      rejectionReason: 'Address on a sanctions list',
    });
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Address on a sanctions list',
    });
    expect(await balances(investor.user.id)).toMatchObject({ available: '30.00000000', hold: '0.00000000' });

    const again = await api('PUT', `/api/admin/withdrawals/${first.body.id}/status`, admin.accessToken, {
      status: 'rejected',
    });
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
    const result = await api('POST', '/api/withdrawals', investor.accessToken, {
      amount: '5',
      walletAddress,
    });
    expect(result.status).toBe(400);
    expect(result.body.message).toContain(message);
    expect(await balances(investor.user.id)).toMatchObject({ available: '10.00000000', hold: '0.00000000' });
  });

  it('refuses with 403 while KYC is required and not approved', async () => {
    const investor = await registerInvestor();
    await fund(investor, '10');
    const result = await api('POST', '/api/withdrawals', investor.accessToken, {
      amount: '5',
      walletAddress: TRON_ADDRESS,
    });
    expect(result.status).toBe(403);
    expect(result.body.code).toBe('KYC_REQUIRED');
    expect(await balances(investor.user.id)).toMatchObject({ available: '10.00000000', hold: '0.00000000' });
    await approveKycByEvent(investor.user.id, 'wallet');
    expect(
      (
        await api('POST', '/api/withdrawals', investor.accessToken, {
          amount: '5',
          walletAddress: TRON_ADDRESS,
        })
      ).status,
    ).toBe(201);
  });

  it('refuses more than the available balance with "Insufficient balance"', async () => {
    const investor = await verifiedInvestor('10', 'wallet');
    const result = await api('POST', '/api/withdrawals', investor.accessToken, {
      amount: '10.00000001',
      walletAddress: TRON_ADDRESS,
    });
    expect(result).toMatchObject({
      status: 400,
      body: { message: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE' },
    });
    expect((await api('GET', '/api/withdrawals', investor.accessToken)).body).toEqual([]);
  });
});

describe('deposits', () => {
  it('when two admins approve one deposit at the same moment, it is credited once', async () => {
    const investor = await registerInvestor();
    const [adminA, adminB] = [await adminSession(), await secondAdmin()];
    const deposit = await api('POST', '/api/deposits', investor.accessToken, {
      amount: 250.25,
      txid: unknownTxid(),
    });
    expect(deposit.status).toBe(201);
    expect(deposit.body).toMatchObject({ amount: '250.25000000', status: 'pending', approvedBy: null });
    const results = await Promise.all(
      [adminA, adminB].map((a) =>
        api('PUT', `/api/admin/deposits/${deposit.body.id}/status`, a.accessToken, { status: 'approved' }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!;
    expect(winner.body).toMatchObject({
      status: 'approved',
      user: { name: 'Test Investor', email: investor.user.email },
    });
    expect([adminA.user.id, adminB.user.id]).toContain(winner.body.approvedBy);
    expect(results.find((r) => r.status === 409)!.body.message).toBe('Deposit has already been approved');
    expect(await balances(investor.user.id)).toMatchObject({ available: '250.25000000' });
    const rejectLater = await api(
      'PUT',
      `/api/admin/deposits/${deposit.body.id}/status`,
      adminA.accessToken,
      { status: 'rejected' },
    );
    expect(rejectLater.status).toBe(409);
    expect(await balances(investor.user.id)).toMatchObject({ available: '250.25000000' });
    expect((await ledgerCheck()).problems).toEqual([]);
  });

  it('a rejected deposit moves nothing; a transaction id cannot be claimed twice', async () => {
    const investor = await registerInvestor();
    const other = await registerInvestor();
    const txid = unknownTxid();
    const first = await api('POST', '/api/deposits', investor.accessToken, { amount: '5', txid });
    const dup = await api('POST', '/api/deposits', other.accessToken, {
      amount: '5',
      txid: txid.toUpperCase(),
    });
    expect(dup).toMatchObject({ status: 409, body: { code: 'TXID_CLAIMED' } });
    const rejected = await api(
      'PUT',
      `/api/admin/deposits/${first.body.id}/status`,
      (await adminSession()).accessToken,
      { status: 'rejected', rejectionReason: 'No such transfer' },
    );
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
    const result = await api('POST', '/api/deposits', investor.accessToken, body);
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message);
    expect((await api('GET', '/api/deposits', investor.accessToken)).body).toEqual([]);
  });

  it.each([
    [{ status: 'done' }, 'status must be one of: approved, rejected'],
    [{ status: 'pending' }, 'status must be one of: approved, rejected'],
    [{}, 'status must be one of: approved, rejected'],
  ])('refuses the review %j with 400 and moves nothing', async (body, message) => {
    const investor = await registerInvestor();
    const deposit = await api('POST', '/api/deposits', investor.accessToken, { amount: '3' });
    const result = await api(
      'PUT',
      `/api/admin/deposits/${deposit.body.id}/status`,
      (await adminSession()).accessToken,
      body,
    );
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message);
    expect((await api('GET', '/api/deposits', investor.accessToken)).body[0].status).toBe('pending');
  });

  it('refuses withdrawal amounts the same way', async () => {
    const investor = await verifiedInvestor('10', 'wallet');
    for (const [amount, message] of [
      ['0.99', 'Amount must be at least 1'],
      ['1.000000001', 'Amount must have at most 8 decimal places'],
      ['abc', 'Amount must be a plain decimal number'],
    ] as const) {
      const result = await api('POST', '/api/withdrawals', investor.accessToken, {
        amount,
        walletAddress: TRON_ADDRESS,
      });
      expect(result).toMatchObject({ status: 400, body: { message } });
    }
    expect((await api('POST', '/api/withdrawals', investor.accessToken, { amount: '2' })).body.message).toBe(
      'Wallet address is required',
    );
    expect(await balances(investor.user.id)).toMatchObject({ available: '10.00000000', hold: '0.00000000' });
  });
});

describe('access', () => {
  it("an investor cannot read, review or view the proof of another investor's deposit or withdrawal", async () => {
    const owner = await verifiedInvestor('20', 'wallet');
    const intruder = await registerInvestor();
    const withdrawal = await api('POST', '/api/withdrawals', owner.accessToken, {
      amount: '5',
      walletAddress: TRON_ADDRESS,
    });
    const [deposit] = (await api('GET', '/api/deposits', owner.accessToken)).body;
    expect((await api('GET', '/api/deposits', intruder.accessToken)).body).toEqual([]);
    expect((await api('GET', '/api/withdrawals', intruder.accessToken)).body).toEqual([]);
    expect((await api('GET', `/api/deposits/${deposit.id}/proof`, intruder.accessToken)).status).toBe(404);
    for (const [method, path, body] of [
      ['PUT', `/api/admin/deposits/${deposit.id}/status`, { status: 'rejected' }],
      ['PUT', `/api/admin/withdrawals/${withdrawal.body.id}/status`, { status: 'approved' }],
      ['GET', '/api/admin/deposits', undefined],
      ['GET', '/api/admin/withdrawals', undefined],
      ['PUT', '/api/admin/wallet-settings', { address: TRON_ADDRESS }],
    ] as const) {
      const viaGateway = await api(method, path, intruder.accessToken, body);
      expect(viaGateway).toMatchObject({ status: 403, body: { message: 'Admin access required' } });
      // The service refuses on its own too, even when reached without the gateway.
      const direct = await call(method, path, {
        token: intruder.accessToken,
        body,
        base: stack().services.wallet,
        ip: freshIp(),
      });
      expect(direct).toMatchObject({ status: 403, body: { message: 'Admin access required' } });
    }
    expect((await api('GET', '/api/withdrawals', owner.accessToken)).body[0].status).toBe('pending');
    expect(await balances(owner.user.id)).toMatchObject({ available: '15.00000000', hold: '5.00000000' });
  });

  it('refuses calls without a token, at the gateway and at the service', async () => {
    expect((await call('GET', '/api/deposits', { ip: freshIp() })).status).toBe(401);
    expect((await call('GET', '/api/deposits', { base: stack().services.wallet })).status).toBe(401);
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
      [{ address: TRON_ADDRESS, networkType: 'BTC' }, 'networkType must be one of: TRC20, ERC20, BEP20'],
    ] as const;
    for (const [body, message] of bad) {
      const result = await api('PUT', '/api/admin/wallet-settings', admin.accessToken, body);
      expect(result.status).toBe(400);
      expect(result.body.message).toContain(message);
    }
    const erc = await api('PUT', '/api/admin/wallet-settings', admin.accessToken, {
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      networkType: 'ERC20',
    });
    expect(erc.status).toBe(200);
    const lower = await api('PUT', '/api/admin/wallet-settings', admin.accessToken, {
      address: '0x52908400098527886e0f7030069857d2e4169ee7',
      networkType: 'BEP20',
    });
    expect(lower.status).toBe(200);
    const saved = await api('PUT', '/api/admin/wallet-settings', admin.accessToken, {
      address: TRON_ADDRESS,
    });
    expect(saved.body).toMatchObject({
      usdtWalletAddress: TRON_ADDRESS,
      networkType: 'TRC20',
      isActive: true,
    });
    const shown = await api('GET', '/api/wallet-settings', investor.accessToken);
    expect(shown.body).toMatchObject({
      usdtWalletAddress: TRON_ADDRESS,
      networkType: 'TRC20',
      isActive: true,
    });
    expect(Object.keys(shown.body).sort()).toEqual([
      'createdAt',
      'id',
      'isActive',
      'networkType',
      'updatedAt',
      'usdtWalletAddress',
    ]);
    // One wallet per network: each network's change is audited against its own wallet.
    for (const wallet of [erc.body, lower.body])
      await eventually(
        async () =>
          (
            await api(
              'GET',
              `/api/admin/audit-logs?action=wallet_update&targetId=${wallet.id}`,
              admin.accessToken,
            )
          ).body.total >= 1,
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
    const c = await command('cmd.wallet.debit', { ...input, amount: 60 });
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
    const path = `/api/admin/users/${investor.user.id}`;
    const noReason = await api('PATCH', path, admin.accessToken, { balance: '25' });
    expect(noReason).toMatchObject({ status: 400, body: { code: 'BALANCE_REASON_REQUIRED' } });
    expect(
      (await api('PATCH', path, admin.accessToken, { balance: '-1', balanceReason: 'typo fix' })).body
        .message,
    ).toBe('Balance must not be negative');
    // A refused edit moves no money: here the email is taken.
    const taken = await api('PATCH', path, admin.accessToken, {
      email: (await adminSession()).user.email,
      balance: '99',
      balanceReason: 'Should not happen',
    });
    expect(taken.status).toBe(409);
    expect(await balances(investor.user.id)).toMatchObject({ available: '10.00000000' });
    // Sending the unchanged balance (a form posting the whole user) needs no reason.
    await eventually(
      async () => (await api('GET', path, admin.accessToken)).body.balance === '10.00000000',
      30_000,
      'the balance projection',
    );
    expect(
      (await api('PATCH', path, admin.accessToken, { name: 'Same Balance', balance: '10' })).status,
    ).toBe(200);
    const edited = await api('PATCH', path, admin.accessToken, {
      balance: '25.5',
      balanceReason: 'Goodwill credit for ticket 42',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.balance).toBe('25.50000000');
    const lowered = await api('PATCH', path, admin.accessToken, {
      name: 'Renamed Investor',
      balance: 5,
      balanceReason: 'Reversal of a duplicate credit',
    });
    expect(lowered.body).toMatchObject({ name: 'Renamed Investor', balance: '5.00000000' });
    expect(await balances(investor.user.id)).toMatchObject({ available: '5.00000000' });
    await eventually(
      async () =>
        (
          await api(
            'GET',
            `/api/admin/audit-logs?action=balance_adjust&targetId=${investor.user.id}`,
            admin.accessToken,
          )
        ).body.total === 2,
      30_000,
      'the balance_adjust audit rows',
    );
    const audit = await api(
      'GET',
      `/api/admin/audit-logs?action=balance_adjust&targetId=${investor.user.id}`,
      admin.accessToken,
    );
    expect(audit.body.items.map((i: any) => i.details.reason).sort()).toEqual([
      'Goodwill credit for ticket 42',
      'Reversal of a duplicate credit',
    ]);
    expect((await ledgerCheck()).problems).toEqual([]);
  });
});
