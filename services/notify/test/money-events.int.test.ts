// Notifications from the wallet's events, through the real flows (deposit and withdrawal reviews by an
// admin), and from events of services not built yet (KYC, plans) published the way their outbox will.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import type { OperationBody } from '@cropvest/contracts/operation-call';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  adminSession,
  eventually,
  registerInvestor,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { consumerCaughtUp, publishRaw, watchEvents, type EventWatch } from '../../../test/support/bus.ts';
import { unknownTxid } from '../../../test/support/chain.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { mailsTo } from '../../../test/support/mail.ts';

// The whole stack shares two cores with other suites: leave room for events to travel.
jest.setTimeout(30_000);

const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const client = stackClient();
let admin: Session;
let events: EventWatch;
beforeAll(async () => {
  admin = await adminSession();
  events = await watchEvents('events.>');
});
afterAll(async () => {
  await events.close();
  await closeConnections();
});

const mine = async (session: Session) =>
  (await client.ok(notificationOperations.myNotifications, { token: session.accessToken })).filter(
    (n) => n.userId === session.user.id,
  );
type PreferencesPatch = OperationBody<typeof notificationOperations.updateNotificationPreferences>;
const savePreferences = (session: Session, body: PreferencesPatch) =>
  client.call(notificationOperations.updateNotificationPreferences, { token: session.accessToken, body });
const withdraw = (session: Session, amount: string) =>
  client.call(walletOperations.requestWithdrawal, {
    token: session.accessToken,
    body: { amount, walletAddress: TRON_ADDRESS },
  });
const reviewWithdrawal = (id: string, body: OperationBody<typeof walletOperations.reviewWithdrawal>) =>
  client.call(walletOperations.reviewWithdrawal, { token: admin.accessToken, path: { id }, body });
const waitForTitle = (session: Session, title: string, count = 1) =>
  eventually(
    async () => {
      const found = (await mine(session)).filter((n) => n.title === title);
      return found.length >= count ? found : undefined;
    },
    10_000,
    `"${title}"`,
  );

async function deposit(
  session: Session,
  amount: string,
  review: OperationBody<typeof walletOperations.reviewDeposit>,
) {
  const created = succeeded(
    await client.call(walletOperations.createDeposit, { token: session.accessToken, body: { amount } }),
    201,
  );
  const reviewed = await client.call(walletOperations.reviewDeposit, {
    token: admin.accessToken,
    path: { id: created.id },
    body: review,
  });
  expect(reviewed.status).toBe(200);
  return created.id;
}

function envelope(type: string, data: Record<string, unknown>) {
  return {
    id: randomUUID(),
    type,
    occurredAt: new Date().toISOString(),
    source: 'tests',
    actorId: null,
    subjectId: null,
    data,
    traceparent: null,
  };
}

describe('money', () => {
  it('tells the user their deposit was approved, exactly once even when the event is delivered twice', async () => {
    const user = await registerInvestor();
    const depositId = await deposit(user, '150.5', { status: 'approved' });
    const [note] = await waitForTitle(user, 'Deposit approved');
    expect(note).toMatchObject({
      type: 'deposit',
      isRead: false,
      message: 'Your deposit of 150.50 USDT has been approved and added to your available balance.',
    });

    // The very same event again, as JetStream would redeliver it after a lost acknowledgement.
    const original = await events.waitFor(
      (e) => e.type === 'deposit.approved' && e.data.depositId === depositId,
    );
    await publishRaw('deposit.approved', original as unknown as Record<string, unknown>);
    const copy = await publishRaw('deposit.approved', original as unknown as Record<string, unknown>);
    // Handled by now: its consumer acknowledged past the copy.
    await consumerCaughtUp('notify-deposit-approved', copy);
    expect((await mine(user)).filter((n) => n.title === 'Deposit approved')).toHaveLength(1);
  });

  it('tells the user a deposit was rejected, with the reason', async () => {
    const user = await registerInvestor();
    await deposit(user, '20', {
      status: 'rejected',
      rejectionReason: 'No transfer with this amount arrived.',
    });
    const [note] = await waitForTitle(user, 'Deposit rejected');
    expect(note?.message).toBe(
      'Your deposit of 20.00 USDT was rejected. Reason: No transfer with this amount arrived. Please contact support if you have questions.',
    );
  });

  it("mails a deposit's result only while the user's Email Notifications and Deposit Confirmations are both on; the notification itself always comes", async () => {
    const user = await registerInvestor();
    const prefer = async (patch: PreferencesPatch) =>
      expect((await savePreferences(user, patch)).status).toBe(200);
    // The mail is queued in the transaction that stores the notification: once the one shows, the other is
    // there or never will be.
    const queuedMails = async () =>
      (await serviceDb('notify')('mail_outbox').where({ user_id: user.user.id, kind: 'deposit.approved' }))
        .length;

    await prefer({ deposits: false });
    await deposit(user, '11', { status: 'approved' });
    await waitForTitle(user, 'Deposit approved', 1);
    expect(await queuedMails()).toBe(0);

    await prefer({ deposits: true, email: false });
    await deposit(user, '12', { status: 'approved' });
    await waitForTitle(user, 'Deposit approved', 2);
    expect(await queuedMails()).toBe(0);

    await prefer({ email: true });
    await deposit(user, '13', { status: 'approved' });
    await waitForTitle(user, 'Deposit approved', 3);
    expect(await queuedMails()).toBe(1);
    const mail = await eventually(
      async () => mailsTo(user.user.email).find((m) => m.body.includes('13.00 USDT')),
      // As waitForMail: the mail relay sends after commit, and a loaded machine takes seconds.
      30_000,
      'the deposit mail',
    );
    expect(mail.subject).toContain('Deposit approved');
    expect(mailsTo(user.user.email)).toHaveLength(1);
  });

  it('tells the user a withdrawal was approved with its transaction id, or rejected with the reason', async () => {
    const payoutTxid = unknownTxid();
    const user = await registerInvestor();
    await deposit(user, '100', { status: 'approved' });
    await publishRaw(
      'kyc.reviewed',
      envelope('kyc.reviewed', {
        userId: user.user.id,
        kycId: randomUUID(),
        status: 'approved',
        rejectionReason: null,
      }),
    );
    const first = await eventually(
      async () => {
        const result = await withdraw(user, '30');
        return result.ok && result.status === 201 ? result.body : undefined;
      },
      10_000,
      'the withdrawal to be accepted once KYC is approved',
    );
    expect((await reviewWithdrawal(first.id, { status: 'approved', txid: payoutTxid })).status).toBe(200);
    const second = succeeded(await withdraw(user, '12.345'), 201);
    expect(
      (
        await reviewWithdrawal(second.id, {
          status: 'rejected',
          rejectionReason: 'Address flagged by compliance.',
        })
      ).status,
    ).toBe(200);

    const [approved] = await waitForTitle(user, 'Withdrawal approved');
    expect(approved).toMatchObject({
      type: 'withdrawal',
      message: `Your withdrawal of 30.00 USDT to TR7NHqjeKQ…gjLj6t has been approved and sent. Transaction ID: ${payoutTxid}`,
    });
    const [rejected] = await waitForTitle(user, 'Withdrawal rejected');
    expect(rejected?.message).toBe(
      'Your withdrawal of 12.34 USDT was rejected and the amount returned to your available balance. Reason: Address flagged by compliance.',
    );
    const [kyc] = await waitForTitle(user, 'Identity verified');
    expect(kyc).toMatchObject({
      type: 'security',
      message: 'Your identity has been verified. You have full access to all platform features.',
    });
  });
});

describe('identity checks and harvests', () => {
  it('tells the user their KYC submission was rejected, with the reason', async () => {
    const user = await registerInvestor();
    await publishRaw(
      'kyc.reviewed',
      envelope('kyc.reviewed', {
        userId: user.user.id,
        kycId: randomUUID(),
        status: 'rejected',
        rejectionReason: 'The selfie is blurred.',
      }),
    );
    const [note] = await waitForTitle(user, 'KYC submission rejected');
    expect(note).toMatchObject({
      type: 'security',
      message:
        'Your KYC submission was rejected. Reason: The selfie is blurred. You may correct it and submit again, or contact support for assistance.',
    });
  });

  it('tells the user their harvest was paid, once for all their investments in the plan', async () => {
    const user = await registerInvestor();
    await publishRaw(
      'plan.harvest_paid',
      envelope('plan.harvest_paid', {
        planId: randomUUID(),
        planTitle: 'Harvest Day Barley',
        userId: user.user.id,
        investments: 3,
        principal: '1000.00000000',
        interest: '45.12500000',
        shortfall: '0.00000000',
      }),
    );
    const [note] = await waitForTitle(user, 'Harvest paid');
    expect(note).toMatchObject({
      type: 'investment',
      message:
        'Your crop season has been harvested: 1000.00 USDT principal and 45.12 USDT interest were added to your available balance.',
    });
  });

  it("a harvest day's burst is delivered in batches: one notification per event, a repeat makes none, mails as each user chose", async () => {
    const [quiet, mailed] = await Promise.all([registerInvestor(), registerInvestor()]);
    const saved = await savePreferences(quiet, { email: false });
    expect(saved.status).toBe(200);
    const notify = serviceDb('notify');
    // A mail needs its user in notify's directory (the address), which follows identity's events.
    await eventually(
      async () => (await notify('users').whereIn('id', [quiet.user.id, mailed.user.id])).length === 2,
      10_000,
      "both users in notify's directory",
    );
    // Forty plans harvested at once, each told to its investor once.
    const burst = Array.from({ length: 40 }, (_, i) =>
      envelope('plan.harvest_paid', {
        planId: randomUUID(),
        planTitle: `Harvest Day Plan ${i + 1}`,
        userId: (i % 2 ? quiet : mailed).user.id,
        investments: 1,
        principal: '10.00000000',
        interest: '0.50000000',
        shortfall: '0.00000000',
      }),
    );
    await Promise.all(
      [...burst, ...burst.slice(7, 8), ...burst.slice(30, 31)].map((event) =>
        publishRaw('plan.harvest_paid', event),
      ),
    );
    const eventIds = burst.map((event) => event.id);
    const made = await eventually(
      async () => {
        const rows = await notify('notifications').whereIn('source_event_id', eventIds).select('user_id');
        return rows.length >= burst.length ? rows : undefined;
      },
      20_000,
      'a notification for each event of the burst',
    );
    expect(made).toHaveLength(burst.length);
    const queued = await eventually(
      async () => {
        const rows = await notify('mail_outbox')
          .whereIn('user_id', [quiet.user.id, mailed.user.id])
          .select('user_id');
        return rows.length >= 20 ? rows : undefined;
      },
      20_000,
      'the mails of the user who kept them on',
    );
    expect(queued.map((row: { user_id: string }) => row.user_id)).toEqual(Array(20).fill(mailed.user.id));
  });
});
