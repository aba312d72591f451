// The wallet's side of an unmatched transfer assigned to an investor (docs/decisions/0084), with the chain's event
// forged as the chain would send it: when an investor's claim of the same transaction reached the wallet first, the
// assignment waits while that claim is pending, and credits nothing once an admin approved that claim by hand (the
// transfer is credited already), which is audited.
import { randomUUID } from 'node:crypto';
import { afterAll, expect, it } from '@jest/globals';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  adminSession,
  eventually,
  registerInvestor,
  stack,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import { eventHandled, publishEvent } from '../../../test/support/bus.ts';
import { unknownTxid } from '../../../test/support/chain.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { balances, ledgerCheck } from '../../../test/support/wallet.ts';
import { succeeded } from '../../../test/support/answers.ts';

afterAll(closeConnections);

const client = stackClient();

/** How often the wallet's consumer of assignments was handed an event again (it threw: the claim is pending). */
async function redeliveries(): Promise<number> {
  const text = await (await fetch(stack().metrics.wallet as string)).text();
  const line = /^events_redelivered_total\{[^}]*consumer="wallet-chain-transfer-assigned"[^}]*\} (\d+)/m.exec(
    text,
  );
  return Number(line?.[1] ?? 0);
}

async function claimed(session: Session, txid: string): Promise<string> {
  const deposit = await client.call(walletOperations.createDeposit, {
    token: session.accessToken,
    body: { amount: '50', txid },
  });
  return succeeded(deposit, 201).id;
}

const review = async (id: string, status: 'approved' | 'rejected') => {
  const reviewed = await client.call(walletOperations.reviewDeposit, {
    token: (await adminSession()).accessToken,
    path: { id },
    body: { status },
  });
  expect(reviewed.status).toBe(200);
};

async function assign(userId: string, txid: string): Promise<{ assignmentId: string; eventId: string }> {
  const admin = await adminSession();
  const assignmentId = randomUUID();
  const { id } = await publishEvent('chain.transfer.assigned', {
    assignmentId,
    userId,
    network: 'TRC20',
    txid,
    amount: '50.00000000',
    reason: 'Sender confirmed by mail',
    assignedBy: admin.user.id,
    approvedBy: admin.user.id,
  });
  return { assignmentId, eventId: id };
}

it('an assignment waits while another investor’s claim of the transaction is pending, and credits once it is rejected', async () => {
  const [claimant, assignee] = [await registerInvestor(), await registerInvestor()];
  const txid = unknownTxid();
  const claimId = await claimed(claimant, txid);
  const before = await redeliveries();
  const { assignmentId } = await assign(assignee.user.id, txid);
  // The wallet tries and puts the event back while the claim is pending: nothing is credited meanwhile.
  await eventually(async () => (await redeliveries()) > before, 20_000, 'the assignment to be put back');
  expect(await serviceDb('wallet')('deposits').where({ id: assignmentId }).first()).toBeUndefined();
  await review(claimId, 'rejected');
  await eventually(
    async () => (await balances(assignee.user.id)).available === '50.00000000',
    20_000,
    'the assignment credited after the claim was rejected',
  );
  expect((await ledgerCheck()).problems).toEqual([]);
});

it('an assignment of a transaction an admin already credited through a claim credits nothing, and is audited', async () => {
  const [claimant, assignee] = [await registerInvestor(), await registerInvestor()];
  const txid = unknownTxid();
  await review(await claimed(claimant, txid), 'approved');
  const { assignmentId, eventId } = await assign(assignee.user.id, txid);
  await eventHandled('wallet', 'wallet-chain-transfer-assigned', eventId);
  expect(await serviceDb('wallet')('deposits').where({ id: assignmentId }).first()).toBeUndefined();
  expect((await balances(assignee.user.id)).available).toBe('0.00000000');
  await eventually(
    async () =>
      Boolean(
        await serviceDb('identity')('audit_logs')
          .where({ action: 'deposit_assign_conflict', target_id: assignmentId })
          .first(),
      ),
    10_000,
    'the conflict in the audit log',
  );
  expect((await ledgerCheck()).problems).toEqual([]);
});
