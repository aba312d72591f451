// Payouts verified on chain (decision 0080): an admin approves a withdrawal with the transaction id of the transfer
// they sent from the platform's wallet; the chain checks the address, the amount, the token and the sender, and the
// admin list shows the verdict. A payout approved without an id stays "not verified" until an admin gives one.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { AdminWithdrawal } from '@cropvest/contracts';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { adminSession, eventually, stackClient, type Session } from '../../../test/support/api.ts';
import { chainOf, chains, strangerAddress } from '../../../test/support/chain.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';

afterAll(closeConnections);

const client = stackClient();

// The platform's address holds no USDT until deposits arrive, and suites run in any order: the faucet sends it enough
// for every payout here.
beforeAll(async () => {
  await chains().transfer({ network: 'TRC20', to: chainOf('TRC20').platformAddress, amount: '1000' });
});

const investorAddress = strangerAddress('TRC20');

async function withdrawalOf(amount: string): Promise<{ investor: Session; id: string }> {
  const investor = await verifiedInvestor('500', 'wallet');
  const requested = await client.call(walletOperations.requestWithdrawal, {
    token: investor.accessToken,
    body: { amount, walletAddress: investorAddress },
  });
  expect(requested.status).toBe(201);
  if (!requested.ok) throw new Error(`the withdrawal was refused: ${requested.body.message}`);
  return { investor, id: requested.body.id };
}

/** The operator's payout, sent from the platform's address as their own wallet would. */
const payout = (amount: string, overrides: { to?: string; from?: string } = {}) =>
  chains().transfer({ network: 'TRC20', from: 'platform', to: investorAddress, amount, ...overrides });

async function adminView(id: string, statuses: string[]): Promise<AdminWithdrawal> {
  const admin = await adminSession();
  return eventually(
    async () => {
      const list = await client.ok(walletOperations.adminWithdrawals, {
        token: admin.accessToken,
        query: { pageSize: 200 },
      });
      const found = list.find((withdrawal) => withdrawal.id === id);
      return found && statuses.includes(found.chain.status) ? found : undefined;
    },
    30_000,
    `withdrawal ${id} to be ${statuses.join(' or ')}`,
  );
}

const approve = async (id: string, txid?: string) =>
  client.ok(walletOperations.reviewWithdrawal, {
    token: (await adminSession()).accessToken,
    path: { id },
    body: { status: 'approved', ...(txid ? { txid } : {}) },
  });

/** The admin records the payout's transaction id on an approved withdrawal. */
const recordTxid = async (id: string, txid: string) =>
  client.call(walletOperations.recordWithdrawalTxid, {
    token: (await adminSession()).accessToken,
    path: { id },
    body: { txid },
  });

it('a payout of the exact amount to the investor’s address from the platform is verified', async () => {
  const { id } = await withdrawalOf('125.5');
  const sent = await payout('125.5');
  expect((await approve(id, sent.txid)).chain.status).toBe('checking');
  const verified = await adminView(id, ['verified']);
  expect(verified).toMatchObject({ txid: sent.txid, chain: { reason: null } });
  expect(verified.chain.confirmations).toBeGreaterThanOrEqual(verified.chain.requiredConfirmations as number);
});

it('a wrong amount is flagged with the reason and audited; a corrected transaction id is then verified', async () => {
  const { id } = await withdrawalOf('40');
  const wrong = await payout('4');
  await approve(id, wrong.txid);
  const flagged = await adminView(id, ['mismatch']);
  expect(flagged.chain).toMatchObject({
    reason: 'wrong_amount',
    message: 'The transaction paid 4 USDT; the withdrawal is 40 USDT.',
  });
  await eventually(
    async () =>
      Boolean(
        await serviceDb('identity')('audit_logs')
          .where({ action: 'withdrawal_transfer_mismatch', target_id: id })
          .first(),
      ),
    10_000,
    'the mismatch in the audit log',
  );

  const right = await payout('40');
  const corrected = await recordTxid(id, right.txid);
  expect(corrected).toMatchObject({ status: 200, body: { txid: right.txid, chain: { status: 'checking' } } });
  await adminView(id, ['verified']);
  const again = await recordTxid(id, right.txid);
  expect(again).toMatchObject({ status: 409, body: { code: 'PAYOUT_ALREADY_RECORDED' } });
});

it.each([
  ['USDT to another address', { to: chainOf('TRC20').faucetAddress }, 'wrong_recipient'],
  ['USDT not sent by the platform', { from: 'faucet' }, 'not_from_platform'],
])('%s is flagged', async (_what, overrides, reason) => {
  const { id } = await withdrawalOf('15');
  const sent = await payout('15', overrides);
  await approve(id, sent.txid);
  expect((await adminView(id, ['mismatch'])).chain.reason).toBe(reason);
});

it('one transaction cannot verify two withdrawals', async () => {
  const first = await withdrawalOf('20');
  const second = await withdrawalOf('20');
  const sent = await payout('20');
  await approve(first.id, sent.txid);
  await adminView(first.id, ['verified']);
  await approve(second.id, sent.txid);
  expect((await adminView(second.id, ['mismatch'])).chain.reason).toBe('already_used');
});

it('approved without a transaction id it stays unverified until one is given', async () => {
  const { id } = await withdrawalOf('30');
  expect((await approve(id)).chain.status).toBe('no_txid');
  const sent = await payout('30');
  const added = await recordTxid(id, sent.txid);
  expect(added.status).toBe(200);
  await adminView(id, ['verified']);
});

it('a transaction id for a withdrawal that is not approved is refused', async () => {
  const { id } = await withdrawalOf('10');
  const refused = await recordTxid(id, 'ab'.repeat(32));
  expect(refused).toMatchObject({ status: 409, body: { code: 'NOT_APPROVED' } });
});
