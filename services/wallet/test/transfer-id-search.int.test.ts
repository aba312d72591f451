// The admin deposit and withdrawal lists find one request by its whole id (the command palette links to a request
// as its list narrowed to it): the id matches that request only, in either case, and counts as one.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { adminSession, api, registerInvestor } from '../../../test/support/api.ts';
import { unknownTxid } from '../../../test/support/chain.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { approveKycByEvent } from '../../../test/support/kyc.ts';
import { fund } from '../../../test/support/wallet.ts';
import { TRON_ADDRESS } from './support.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

describe('the admin transfer lists searched by a request id', () => {
  it('finds exactly the deposit or withdrawal with that id', async () => {
    const admin = await adminSession();
    const investor = await registerInvestor();
    const declared = [];
    for (const amount of ['11', '12']) {
      const deposit = await api('POST', '/api/deposits', investor.accessToken, {
        amount,
        txid: unknownTxid(),
      });
      expect(deposit.status).toBe(201);
      declared.push(deposit.body.id as string);
    }
    const [first] = declared as [string, string];
    const deposits = await api('GET', `/api/admin/deposits?q=${first.toUpperCase()}`, admin.accessToken);
    expect(deposits.status).toBe(200);
    expect(ids(deposits.body)).toEqual([first]);
    expect(deposits.headers.get('x-total-count')).toBe('1');
    const counted = await api('GET', `/api/admin/deposits/counts?q=${first}`, admin.accessToken);
    expect(counted.body).toMatchObject({ all: 1, pending: 1 });

    await fund(investor, '40');
    await approveKycByEvent(investor.user.id, 'wallet');
    const withdrawal = await api('POST', '/api/withdrawals', investor.accessToken, {
      amount: '15',
      walletAddress: TRON_ADDRESS,
    });
    expect(withdrawal.status).toBe(201);
    const withdrawals = await api('GET', `/api/admin/withdrawals?q=${withdrawal.body.id}`, admin.accessToken);
    expect(ids(withdrawals.body)).toEqual([withdrawal.body.id]);
    // A deposit's id is no withdrawal's: the other list finds nothing by it.
    const crossed = await api('GET', `/api/admin/withdrawals?q=${first}`, admin.accessToken);
    expect(crossed.body).toEqual([]);
  });
});
