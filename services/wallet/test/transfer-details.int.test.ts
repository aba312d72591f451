// One deposit or withdrawal for its detail page (decision 0121): the investor reads only their own (anyone else's
// id answers 404 like an unknown one, so ids cannot be probed), the admin reads any with its user and approvals,
// investors are refused the admin's, and an id that is no UUID is a bad request.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { adminSession, factories, stackClient } from '../../../test/support/api.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { approveKycByEvent } from '../../../test/support/kyc.ts';
import { TRON_ADDRESS } from './support.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

const client = stackClient();
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const adminToken = async () => (await adminSession()).accessToken;

describe('a deposit on its own', () => {
  it('answers its owner and the admin, and no one else', async () => {
    const owner = await factories().investor('Detail Owner');
    const other = await factories().investor('Detail Other');
    const deposit = await client.ok(walletOperations.createDeposit, {
      token: owner.accessToken,
      body: { amount: '25' },
    });

    const mine = await client.ok(walletOperations.myDeposit, {
      token: owner.accessToken,
      path: { id: deposit.id },
    });
    expect(mine).toMatchObject({
      id: deposit.id,
      amount: '25.00000000',
      status: 'pending',
      reviewedAt: null,
    });

    const foreign = await client.call(walletOperations.myDeposit, {
      token: other.accessToken,
      path: { id: deposit.id },
    });
    const unknown = await client.call(walletOperations.myDeposit, {
      token: owner.accessToken,
      path: { id: UNKNOWN_ID },
    });
    expect([foreign.status, unknown.status]).toEqual([404, 404]);
    expect(foreign.body).toMatchObject({ code: 'DEPOSIT_NOT_FOUND', message: 'Deposit not found' });
    expect(unknown.body).toMatchObject({ code: 'DEPOSIT_NOT_FOUND', message: 'Deposit not found' });

    const refused = await client.call(walletOperations.adminDeposit, {
      token: owner.accessToken,
      path: { id: deposit.id },
    });
    expect(refused.status).toBe(403);

    await client.ok(walletOperations.reviewDeposit, {
      token: await adminToken(),
      path: { id: deposit.id },
      body: { status: 'rejected', rejectionReason: 'No such transfer arrived' },
    });
    const seen = await client.ok(walletOperations.adminDeposit, {
      token: await adminToken(),
      path: { id: deposit.id },
    });
    expect(seen).toMatchObject({
      id: deposit.id,
      status: 'rejected',
      rejectionReason: 'No such transfer arrived',
      user: { name: 'Detail Owner', email: owner.user.email },
    });
    expect(seen.reviewedAt).not.toBeNull();
    const reread = await client.ok(walletOperations.myDeposit, {
      token: owner.accessToken,
      path: { id: deposit.id },
    });
    expect(reread.reviewedAt).toBe(seen.reviewedAt);
  });

  it('answers 404 for an unknown id and 400 for one that is no id', async () => {
    const token = await adminToken();
    const unknown = await client.call(walletOperations.adminDeposit, { token, path: { id: UNKNOWN_ID } });
    expect(unknown.status).toBe(404);
    const malformed = await client.call(walletOperations.adminDeposit, { token, path: { id: 'not-an-id' } });
    expect(malformed.status).toBe(400);
    const investor = await factories().investor();
    const mine = await client.call(walletOperations.myDeposit, {
      token: investor.accessToken,
      path: { id: 'not-an-id' },
    });
    expect(mine.status).toBe(400);
  });
});

describe('a withdrawal on its own', () => {
  it('answers its owner and the admin, and no one else', async () => {
    const owner = await factories().investor('Withdrawal Owner');
    await factories().fund(owner, '40');
    await approveKycByEvent(owner.user.id, 'wallet');
    const withdrawal = await client.ok(walletOperations.requestWithdrawal, {
      token: owner.accessToken,
      body: { amount: '15', walletAddress: TRON_ADDRESS },
    });
    const other = await factories().investor();

    const mine = await client.ok(walletOperations.myWithdrawal, {
      token: owner.accessToken,
      path: { id: withdrawal.id },
    });
    expect(mine).toMatchObject({ id: withdrawal.id, walletAddress: TRON_ADDRESS, status: 'pending' });
    const foreign = await client.call(walletOperations.myWithdrawal, {
      token: other.accessToken,
      path: { id: withdrawal.id },
    });
    expect(foreign.status).toBe(404);
    const refused = await client.call(walletOperations.adminWithdrawal, {
      token: owner.accessToken,
      path: { id: withdrawal.id },
    });
    expect(refused.status).toBe(403);

    const token = await adminToken();
    await client.ok(walletOperations.reviewWithdrawal, {
      token,
      path: { id: withdrawal.id },
      body: { status: 'rejected', rejectionReason: 'Address under review' },
    });
    const seen = await client.ok(walletOperations.adminWithdrawal, { token, path: { id: withdrawal.id } });
    expect(seen).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Address under review',
      user: { name: 'Withdrawal Owner' },
    });
    expect(seen.reviewedAt).not.toBeNull();
    const unknown = await client.call(walletOperations.adminWithdrawal, { token, path: { id: UNKNOWN_ID } });
    expect(unknown.status).toBe(404);
    const malformed = await client.call(walletOperations.myWithdrawal, {
      token: owner.accessToken,
      path: { id: 'nope' },
    });
    expect(malformed.status).toBe(400);
  });
});
