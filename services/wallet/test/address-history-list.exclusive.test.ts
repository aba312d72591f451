// GET /api/admin/wallet-settings/history, the changes of the platform's deposit address, on the shared admin-list
// checks (test/support/admin-list-suite.ts). Platform-wide, and nothing narrows it to one run's rows, so it is
// compared with the whole list, read at once: exclusive, where no other suite saves the wallet meanwhile.
import { afterAll, jest } from '@jest/globals';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { adminList } from '../../../test/support/admin-list-suite.ts';
import { adminSession, stackClient } from '../../../test/support/api.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { OTHER_TRON_ADDRESS } from './support.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

const changes = () => serviceDb('wallet')('wallet_address_changes');

adminList(walletOperations.walletAddressHistory).describe({
  platformWide: true,
  seed: async () => {
    const token = (await adminSession()).accessToken;
    const before: string[] = await changes().pluck('id');
    // The platform's TRC-20 wallet moved to another address and back, twice: a save that changes nothing is not a
    // change and keeps no row, so every save here changes the address, and the last puts the stack's own back.
    const current = (await stackClient().ok(walletOperations.adminWalletSettings, { token })).find(
      ({ networkType }) => networkType === 'TRC20',
    );
    if (!current) throw new Error('the stack has no TRC-20 wallet');
    for (const address of [
      OTHER_TRON_ADDRESS,
      current.usdtWalletAddress,
      OTHER_TRON_ADDRESS,
      current.usdtWalletAddress,
    ])
      await stackClient().ok(walletOperations.updateWalletSettings, {
        token,
        body: { address, networkType: 'TRC20', isActive: current.isActive },
      });
    const saved: string[] = await changes()
      .whereNotIn('id', before)
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .pluck('id');
    return { ids: saved };
  },
});
