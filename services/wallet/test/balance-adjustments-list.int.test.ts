// GET /api/admin/balance-adjustments, the admins' list of manual balance adjustments: the shared admin-list checks
// (test/support/admin-list-suite.ts), scoped to one investor of this run, with the status filter. The four-eyes
// workflow itself is in balance-adjustments.int.test.ts.
import { afterAll, jest } from '@jest/globals';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { adminList } from '../../../test/support/admin-list-suite.ts';
import { adminSession, registerInvestor, stackClient } from '../../../test/support/api.ts';
import { closeConnections } from '../../../test/support/connections.ts';

jest.setTimeout(120_000);
afterAll(closeConnections);

adminList(walletOperations.balanceAdjustments).describe({
  seed: async (tag) => {
    const investor = await registerInvestor({ name: 'Adjusted Investor' });
    const token = (await adminSession()).accessToken;
    /** The adjustment an admin's balance edit made. */
    const setBalance = async (balance: string, reason: string) => {
      const { balanceAdjustment } = await stackClient().ok(identityOperations.updateAdminUser, {
        token,
        path: { id: investor.user.id },
        body: { balance, balanceReason: `${reason} ${tag}` },
      });
      if (!balanceAdjustment) throw new Error('the balance edit made no adjustment');
      return balanceAdjustment.id;
    };
    // Small edits, each applied at once; then one above every second-approval threshold the suites set, held for
    // a second admin. Newest first.
    const applied: string[] = [];
    for (const balance of ['2', '3', '4']) applied.unshift(await setBalance(balance, 'Correction'));
    const held = await setBalance('30004', 'Migration');
    return {
      ids: [held, ...applied],
      scope: { userId: investor.user.id },
      filters: [
        { query: { status: 'awaiting_second_approval' }, ids: [held] },
        { query: { status: 'applied' }, ids: applied },
        { query: { status: 'rejected' }, ids: [] },
        { query: { status: 'all' }, ids: [held, ...applied] },
      ],
    };
  },
});
