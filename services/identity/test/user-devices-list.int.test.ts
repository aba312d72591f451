// GET /api/admin/users/{id}/devices, one user's trusted devices on the admin user page: the shared admin-list
// checks (test/support/admin-list-suite.ts), narrowed by the user in the path. How devices come to be trusted is
// in device-approval.int.test.ts.
import { afterAll, expect, jest } from '@jest/globals';
import { accountProtectionOperations } from '@cropvest/contracts/identity/account-protection-api';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { adminList } from '../../../test/support/admin-list-suite.ts';
import { deviceCookieOf, freshIp, registerInvestor, stackClient } from '../../../test/support/api.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

/** A browser's own device cookie (43 base64url characters, as identity mints them). */
const newDevice = (): string => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');

adminList(accountProtectionOperations.userDevices).describe({
  seed: async () => {
    const owner = await registerInvestor();
    const signIn = (ip: string, device: string) =>
      stackClient().ok(identityOperations.login, {
        ip,
        device,
        body: { email: owner.user.email, password: owner.password },
      });
    // The registering browser signs in from home, which makes home a known network; two new browsers there are
    // trusted at once (no mailed approval). Last seen first: the second new one, the first, the registering one.
    const home = freshIp();
    await signIn(home, deviceCookieOf(owner.user.email));
    for (let n = 0; n < 2; n++) expect(await signIn(home, newDevice())).toHaveProperty('accessToken');
    const trusted: string[] = await serviceDb('identity')('trusted_devices')
      .where({ user_id: owner.user.id })
      .orderBy('trusted_at')
      .pluck('id');
    return { ids: trusted.reverse(), path: { id: owner.user.id } };
  },
});
