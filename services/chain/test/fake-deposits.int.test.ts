// Deposits claimed by transaction id, verified on the local chains (decision 0080): real USDT to the platform is
// credited once with what the chain saw; every trick that has emptied exchanges is refused with its reason, credits
// nothing and leaves the ledger check clean.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NetworkType } from '@cropvest/contracts';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  adminSession,
  eventually,
  registerInvestor,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import {
  acceptDepositsOn,
  chainOf,
  chains,
  claimDeposit,
  depositWhen,
  ownDeposit,
  strangerAddress,
  unknownTxid,
} from '../../../test/support/chain.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { balances, ledgerCheck } from '../../../test/support/wallet.ts';

let investor: Session;
beforeAll(async () => {
  await acceptDepositsOn(['ERC20', 'BEP20']);
  investor = await registerInvestor();
});
afterAll(closeConnections);

const client = stackClient();

const availableOf = async (session: Session) => (await balances(session.user.id)).available;

/** The deposit refused with `reason`: rejected, the reason shown, nothing credited, the ledger clean. */
async function expectRefused(session: Session, depositId: string, reason: string, before: string) {
  const deposit = await depositWhen(session, depositId, ['refused']);
  expect(deposit).toMatchObject({
    status: 'rejected',
    creditedBy: null,
    chain: { status: 'refused', reason },
  });
  expect(deposit.rejectionReason).toBe(deposit.chain.message);
  expect(await availableOf(session)).toBe(before);
  expect((await ledgerCheck()).problems).toEqual([]);
  return deposit;
}

describe.each<NetworkType>(['TRC20', 'ERC20', 'BEP20'])('real USDT on %s', (network) => {
  it('is credited with what the transaction moved, by the chain, once final', async () => {
    const session = await registerInvestor();
    const sent = await chains().transfer({ network, to: chainOf(network).platformAddress, amount: '150.25' });
    // The typed amount is only a hint: the chain's amount is credited and the investor is told.
    const claimed = await claimDeposit(session, { network, txid: sent.txid, amount: '150' });
    expect(claimed).toMatchObject({ status: 'pending', network, claimedAmount: '150.00000000' });
    expect(claimed.chain.status).toBe('checking');

    const credited = await depositWhen(session, claimed.id, ['verified']);
    expect(credited).toMatchObject({
      status: 'approved',
      creditedBy: 'chain',
      amount: '150.25000000',
      claimedAmount: '150.00000000',
      chain: { status: 'verified', amount: '150.25000000', reason: null },
    });
    expect(credited.chain.confirmations).toBeGreaterThanOrEqual(
      credited.chain.requiredConfirmations as number,
    );
    await eventually(async () => (await availableOf(session)) === '150.25000000', 10_000, 'the credit');
    // The notice is notify's, written from the same event a moment later than the credit. Other suites may send
    // every user a notification meanwhile (an announcement), so it is found by what it is about.
    const notice = await eventually(
      async () =>
        (await client.ok(notificationOperations.myNotifications, { token: session.accessToken })).find(
          (item) => item.message.startsWith('Your deposit of'),
        ),
      30_000,
      'the deposit notice',
    );
    expect(notice.message).toBe(
      `Your deposit of 150.25 USDT was verified on ${network === 'TRC20' ? 'TRC-20' : network === 'ERC20' ? 'ERC-20' : 'BEP-20'} and added to your available balance. You entered 150.00 USDT; the transaction moved 150.25 USDT, which is what was credited.`,
    );
    expect((await ledgerCheck()).problems).toEqual([]);
  });
});

describe('the spec’s calls keep working', () => {
  it('a deposit without a network is on TRC-20; one without a transaction id waits for an admin', async () => {
    const session = await registerInvestor();
    const sent = await chains().transfer({
      network: 'TRC20',
      to: chainOf('TRC20').platformAddress,
      amount: '12',
    });
    const claimed = await claimDeposit(session, { txid: sent.txid, amount: '12' });
    expect(claimed.network).toBe('TRC20');
    await depositWhen(session, claimed.id, ['verified']);

    const screenshotOnly = await claimDeposit(session, { amount: '30' });
    expect(screenshotOnly).toMatchObject({ status: 'pending', chain: { status: 'no_txid' } });
  });
});

describe('fake deposits are refused with the reason, and credit nothing', () => {
  it('a reverted transfer', async () => {
    const before = await availableOf(investor);
    const sent = await chains().transfer({
      network: 'ERC20',
      to: chainOf('ERC20').platformAddress,
      amount: '500',
      revert: true,
    });
    const claimed = await claimDeposit(investor, { network: 'ERC20', txid: sent.txid, amount: '500' });
    const refused = await expectRefused(investor, claimed.id, 'transaction_failed', before);
    expect(refused.rejectionReason).toBe(
      'The transaction failed on ERC-20 (it was reverted), so it moved no USDT.',
    );
  });

  it('a look-alike token with the same name, symbol and decimals', async () => {
    for (const network of ['TRC20', 'BEP20'] as const) {
      const before = await availableOf(investor);
      const sent = await chains().transfer({
        network,
        token: 'lookalike',
        to: chainOf(network).platformAddress,
        amount: '1000',
      });
      const claimed = await claimDeposit(investor, { network, txid: sent.txid, amount: '1000' });
      const refused = await expectRefused(investor, claimed.id, 'wrong_token', before);
      expect(refused.rejectionReason).toContain(chainOf(network).lookAlikeContract);
    }
  });

  it('a transfer to another address', async () => {
    const before = await availableOf(investor);
    const sent = await chains().transfer({ network: 'TRC20', to: strangerAddress('TRC20'), amount: '80' });
    const claimed = await claimDeposit(investor, { network: 'TRC20', txid: sent.txid, amount: '80' });
    await expectRefused(investor, claimed.id, 'wrong_recipient', before);
  });

  it('a third party’s transferFrom that moves the platform’s USDT out', async () => {
    for (const network of ['ERC20', 'TRC20'] as const) {
      const before = await availableOf(investor);
      const sent = await chains().transferFrom({
        network,
        owner: chainOf(network).platformAddress,
        spender: chainOf(network).faucetAddress,
        to: strangerAddress(network),
        amount: '5',
      });
      const claimed = await claimDeposit(investor, { network, txid: sent.txid, amount: '5' });
      await expectRefused(investor, claimed.id, 'wrong_recipient', before);
    }
  });

  it('a transaction with several Transfer logs credits only the USDT that reached the platform', async () => {
    const session = await registerInvestor();
    const { platformAddress } = chainOf('ERC20');
    const sent = await chains().batch({
      network: 'ERC20',
      transfers: [
        { to: platformAddress, amount: '2' },
        { token: 'lookalike', to: platformAddress, amount: '100' },
        { to: strangerAddress('ERC20'), amount: '40' },
        { to: platformAddress, amount: '3.5' },
      ],
    });
    const claimed = await claimDeposit(session, { network: 'ERC20', txid: sent.txid, amount: '105.5' });
    const credited = await depositWhen(session, claimed.id, ['verified']);
    expect(credited).toMatchObject({ status: 'approved', amount: '5.50000000' });
    await eventually(async () => (await availableOf(session)) === '5.50000000', 10_000, 'the credit');
    expect((await ledgerCheck()).problems).toEqual([]);
  });

  it('one transaction id claimed by two investors, and on two networks', async () => {
    const owner = await registerInvestor();
    const thief = await registerInvestor();
    const sent = await chains().transfer({
      network: 'ERC20',
      to: chainOf('ERC20').platformAddress,
      amount: '60',
    });
    await claimDeposit(owner, { network: 'ERC20', txid: sent.txid, amount: '60' });
    for (const attempt of [
      { network: 'ERC20', txid: sent.txid },
      // The same hash in TRON's form, without 0x: one transaction backs one deposit on any network.
      { network: 'TRC20', txid: sent.txid.slice(2).toUpperCase() },
      { network: 'BEP20', txid: sent.txid },
    ] as const) {
      const stolen = await client.call(walletOperations.createDeposit, {
        token: thief.accessToken,
        body: { ...attempt, amount: '60' },
      });
      expect(stolen).toMatchObject({ status: 409, body: { code: 'TXID_CLAIMED' } });
    }
    expect(await availableOf(thief)).toBe('0.00000000');
  });

  it('dust below the 1 USDT minimum', async () => {
    const before = await availableOf(investor);
    const sent = await chains().transfer({
      network: 'BEP20',
      to: chainOf('BEP20').platformAddress,
      amount: '0.999999999999',
    });
    const claimed = await claimDeposit(investor, { network: 'BEP20', txid: sent.txid, amount: '1' });
    const refused = await expectRefused(investor, claimed.id, 'below_minimum', before);
    expect(refused.rejectionReason).toBe(
      'The transaction moved 0.99999999 USDT, below the 1 USDT minimum deposit.',
    );
  });

  it('a malformed transaction id, at once with a 400 naming it', async () => {
    for (const txid of ['0x1234', 'not-a-transaction', `0x${'g'.repeat(64)}`]) {
      const result = await client.call(walletOperations.createDeposit, {
        token: investor.accessToken,
        body: { amount: '10', txid },
      });
      expect(result.status).toBe(400);
      if (result.ok) throw new Error(`the transaction id ${txid} was taken`);
      expect(result.body.issues).toEqual([
        { path: 'txid', message: expect.stringMatching(/transaction id/) },
      ]);
    }
  });

  it('a transaction no chain knows waits, then goes to the admin queue as not found on chain', async () => {
    const before = await availableOf(investor);
    const claimed = await claimDeposit(investor, { network: 'TRC20', txid: unknownTxid(), amount: '10' });
    await depositWhen(investor, claimed.id, ['not_found_yet']);
    const queued = await depositWhen(investor, claimed.id, ['not_found'], 40_000);
    expect(queued).toMatchObject({ status: 'pending', creditedBy: null });
    expect(queued.chain.message).toMatch(/^Not found on chain/);
    expect(await availableOf(investor)).toBe(before);
  });
});

describe('verified deposits above the auto-credit ceiling', () => {
  it('wait for an admin, who sees the chain’s verdict and credits the chain’s amount', async () => {
    const session = await registerInvestor();
    const sent = await chains().transfer({
      network: 'TRC20',
      to: chainOf('TRC20').platformAddress,
      amount: '1500',
    });
    const claimed = await claimDeposit(session, { network: 'TRC20', txid: sent.txid, amount: '1500' });
    const verified = await depositWhen(session, claimed.id, ['verified']);
    expect(verified).toMatchObject({
      status: 'pending',
      creditedBy: null,
      chain: { amount: '1500.00000000' },
    });
    expect(await availableOf(session)).toBe('0.00000000');

    const admin = await adminSession();
    const queue = await client.ok(walletOperations.adminDeposits, {
      token: admin.accessToken,
      query: { q: session.user.email },
    });
    expect(queue).toEqual([
      expect.objectContaining({ id: claimed.id, chain: expect.objectContaining({ status: 'verified' }) }),
    ]);
    // Below the four-eyes threshold: one admin's approval credits it.
    await client.ok(walletOperations.reviewDeposit, {
      token: admin.accessToken,
      path: { id: claimed.id },
      body: { status: 'approved' },
    });
    expect(await ownDeposit(session, claimed.id)).toMatchObject({ status: 'approved', creditedBy: 'admin' });
    expect(await availableOf(session)).toBe('1500.00000000');
    expect((await ledgerCheck()).problems).toEqual([]);
  });
});
