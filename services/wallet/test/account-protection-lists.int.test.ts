// One investor's saved addresses and withdrawal holds on the admin user page, on the shared admin-list checks
// (test/support/admin-list-suite.ts), each narrowed by the investor in the path. What the rows say (cool-downs,
// the reasons and ends of holds) is in admin-account-protection.int.test.ts.
import { randomBytes } from 'node:crypto';
import { afterAll, jest } from '@jest/globals';
import { tronAddressFromHex } from '@cropvest/contracts/chain/addresses';
import { addressBookOperations } from '@cropvest/contracts/wallet/address-book-api';
import { withdrawalHoldOperations } from '@cropvest/contracts/wallet/withdrawal-holds-api';
import { adminList } from '../../../test/support/admin-list-suite.ts';
import { registerInvestor, stackClient } from '../../../test/support/api.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

/** Three addresses saved one after another by a new investor: the investor and the entries, newest first. */
async function threeSaved(tag: string) {
  const investor = await registerInvestor();
  const entries = [];
  for (const label of ['Cold storage', 'Exchange', 'Hardware wallet'])
    entries.unshift(
      await stackClient().ok(addressBookOperations.addAddressBookEntry, {
        token: investor.accessToken,
        body: { label: `${label} ${tag}`, address: tronAddressFromHex(randomBytes(20).toString('hex')) },
      }),
    );
  return { investor, entries };
}

adminList(addressBookOperations.userAddressBook).describe({
  seed: async (tag) => {
    const { investor, entries } = await threeSaved(tag);
    return { ids: entries.map(({ id }) => id), path: { id: investor.user.id } };
  },
});

adminList(withdrawalHoldOperations.userWithdrawalHolds).describe({
  seed: async (tag) => {
    // Each saved address holds withdrawals for a while: a hold of its own, keyed by the entry.
    const { investor, entries } = await threeSaved(tag);
    const ids: string[] = [];
    for (const { id } of entries)
      ids.push(
        (
          await serviceDb('wallet')('withdrawal_holds')
            .where({ key: `address_added:${id}` })
            .first('id')
        ).id,
      );
    return { ids, path: { id: investor.user.id } };
  },
});
