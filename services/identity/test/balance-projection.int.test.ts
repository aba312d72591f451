// users.balance follows wallet.balance_changed events, which may arrive out of order and, in a backlog, are
// written many per statement: whatever the order and grouping, the newest version of each user's balance stays.
import { afterAll, describe, expect, it } from '@jest/globals';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { adminSession, registerInvestor, stackClient } from '../../../test/support/api.ts';
import { eventHandled, publishEvent } from '../../../test/support/bus.ts';
import { closeConnections } from '../../../test/support/connections.ts';

afterAll(closeConnections);

const DURABLE = 'identity-wallet-balance-changed';

const balanceChanged = (userId: string, version: number) =>
  publishEvent(
    'wallet.balance_changed',
    { userId, available: `${version}.12345678`, hold: '0.00000000', invested: '0.00000000', version },
    { subjectId: userId },
  );

describe('the balance projection', () => {
  it('keeps the newest version of each balance from a burst of events in any order', async () => {
    const admin = await adminSession();
    const [first, second] = await Promise.all([
      registerInvestor({ name: 'Projection One' }),
      registerInvestor({ name: 'Projection Two' }),
    ]);
    const balanceShown = async (userId: string) =>
      (
        await stackClient().ok(identityOperations.adminUsers, {
          token: admin.accessToken,
          query: { q: userId },
        })
      ).find((user) => user.id === userId)?.balance;

    // Published back to back, so the consumer finds them waiting and takes them together.
    const burst = await Promise.all([
      balanceChanged(first.user.id, 1003),
      balanceChanged(second.user.id, 1002),
      balanceChanged(first.user.id, 1001),
      balanceChanged(first.user.id, 1005),
      balanceChanged(second.user.id, 1001),
      balanceChanged(first.user.id, 1002),
    ]);
    for (const { id } of burst) await eventHandled('identity', DURABLE, id);
    expect(await balanceShown(first.user.id)).toBe('1005.12345678');
    expect(await balanceShown(second.user.id)).toBe('1002.12345678');

    // A late, older version changes nothing.
    const late = await balanceChanged(first.user.id, 1004);
    await eventHandled('identity', DURABLE, late.id);
    expect(await balanceShown(first.user.id)).toBe('1005.12345678');
  });
});
