// The admin deposit and withdrawal lists find one request by its whole id (the command palette links to a request
// as its list narrowed to it): the id matches that request only, in either case, and counts as one.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { adminSession, registerInvestor, stackClient } from '../../../test/support/api.ts';
import { unknownTxid } from '../../../test/support/chain.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { approveKycByEvent } from '../../../test/support/kyc.ts';
import { fund } from '../../../test/support/wallet.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { TRON_ADDRESS } from './support.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

const client = stackClient();
const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

describe('the admin transfer lists searched by a request id', () => {
  it('finds exactly the deposit or withdrawal with that id', async () => {
    const admin = await adminSession();
    const investor = await registerInvestor();
    const declared = [];
    for (const amount of ['11', '12']) {
      const deposit = await client.call(walletOperations.createDeposit, {
        token: investor.accessToken,
        body: { amount, txid: unknownTxid() },
      });
      declared.push(succeeded(deposit, 201).id);
    }
    const [first] = declared as [string, string];
    const token = admin.accessToken;
    const deposits = await client.call(walletOperations.adminDeposits, {
      token,
      query: { q: first.toUpperCase() },
    });
    expect(deposits.status).toBe(200);
    expect(ids(succeeded(deposits))).toEqual([first]);
    expect(deposits.headers.get('x-total-count')).toBe('1');
    const counted = await client.call(walletOperations.adminDepositCounts, { token, query: { q: first } });
    expect(counted.body).toMatchObject({ all: 1, pending: 1 });

    await fund(investor, '40');
    await approveKycByEvent(investor.user.id, 'wallet');
    const requested = await client.call(walletOperations.requestWithdrawal, {
      token: investor.accessToken,
      body: { amount: '15', walletAddress: TRON_ADDRESS },
    });
    const withdrawal = succeeded(requested, 201);
    const withdrawals = await client.ok(walletOperations.adminWithdrawals, {
      token,
      query: { q: withdrawal.id },
    });
    expect(ids(withdrawals)).toEqual([withdrawal.id]);
    // A deposit's id is no withdrawal's: the other list finds nothing by it.
    const crossed = await client.call(walletOperations.adminWithdrawals, { token, query: { q: first } });
    expect(crossed.body).toEqual([]);
  });
});
