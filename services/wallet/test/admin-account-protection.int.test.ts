// The admin user page's view of one investor's address book and withdrawal holds (issue 26, docs/decisions/0102):
// admins only, by the gateway and by the wallet itself; any investor's entries and holds, paged.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { tronAddressFromHex } from '@cropvest/contracts/chain/addresses';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { operationCall } from '@cropvest/contracts/operation-call';
import { addressBookOperations } from '@cropvest/contracts/wallet/address-book-api';
import { withdrawalHoldOperations } from '@cropvest/contracts/wallet/withdrawal-holds-api';
import {
  adminSession,
  eventually,
  registerInvestor,
  stack,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { succeeded } from '../../../test/support/answers.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

const HOUR_MS = 3_600_000;
const client = stackClient();

let admin: Session;
beforeAll(async () => {
  admin = await adminSession();
});

const newAddress = (): string => tronAddressFromHex(randomBytes(20).toString('hex'));

const save = async (session: Session, label: string): Promise<string> => {
  const address = newAddress();
  const saved = await client.call(addressBookOperations.addAddressBookEntry, {
    token: session.accessToken,
    body: { label, address },
  });
  expect(saved.status).toBe(201);
  return address;
};

type Page = { page?: number; pageSize?: number };
const addressBookOf = async (userId: string, query: Page = {}) => {
  const answer = await client.call(addressBookOperations.userAddressBook, {
    token: admin.accessToken,
    path: { id: userId },
    query,
  });
  return { ...answer, body: succeeded(answer) };
};
const holdsOf = async (userId: string, query: Page = {}) => {
  const answer = await client.call(withdrawalHoldOperations.userWithdrawalHolds, {
    token: admin.accessToken,
    path: { id: userId },
    query,
  });
  return { ...answer, body: succeeded(answer) };
};
const settingsOf = (userId: string) =>
  client.call(addressBookOperations.userAddressBookSettings, {
    token: admin.accessToken,
    path: { id: userId },
  });

describe('the admin’s view of an investor’s address book and withdrawal holds', () => {
  it('lists the investor’s saved addresses, newest first and paged, with their cool-downs and the switch', async () => {
    const investor = await registerInvestor();
    const first = await save(investor, 'Cold storage');
    const second = await save(investor, 'Exchange');
    const third = await save(investor, 'Hardware wallet');

    const firstPage = await addressBookOf(investor.user.id, { page: 1, pageSize: 2 });
    expect(firstPage.status).toBe(200);
    expect(firstPage.headers.get('x-total-count')).toBe('3');
    expect(firstPage.body.map((entry) => entry.address)).toEqual([third, second]);
    const [newest] = firstPage.body;
    expect(firstPage.body[0]).toMatchObject({ label: 'Hardware wallet', network: 'TRC20', usable: false });
    // Usable after the default 24-hour cool-down from when it was saved.
    expect(new Date(newest!.usableFrom).getTime() - new Date(newest!.createdAt).getTime()).toBe(24 * HOUR_MS);

    const secondPage = await addressBookOf(investor.user.id, { page: 2, pageSize: 2 });
    expect(secondPage.body).toHaveLength(1);
    expect(secondPage.body[0]).toMatchObject({ label: 'Cold storage', address: first });

    expect((await settingsOf(investor.user.id)).body).toEqual({
      whitelistOnly: false,
      switchingOffAt: null,
      coolDownHours: 24,
    });
    await client.call(addressBookOperations.updateAddressBookSettings, {
      token: investor.accessToken,
      body: { whitelistOnly: true },
    });
    expect((await settingsOf(investor.user.id)).body).toMatchObject({
      whitelistOnly: true,
      switchingOffAt: null,
    });
  });

  it('shows the hold a password change placed, running, newest first above the address’s', async () => {
    const investor = await registerInvestor();
    await save(investor, 'Exchange');
    const changed = await client.call(identityOperations.changePassword, {
      token: investor.accessToken,
      body: { currentPassword: investor.password, newPassword: 'secret-pass-2' },
    });
    expect(changed.status).toBe(200);

    const holds = await eventually(
      async () => {
        const page = await holdsOf(investor.user.id);
        return page.body.length === 2 ? page : undefined;
      },
      30_000,
      'the password change’s hold',
    );
    expect(holds.headers.get('x-total-count')).toBe('2');
    expect(holds.body.map((hold) => hold.reason)).toEqual(['password_changed', 'address_added']);
    const [latest] = holds.body;
    expect(latest!.running).toBe(true);
    expect(new Date(latest!.heldUntil).getTime() - new Date(latest!.changedAt).getTime()).toBe(24 * HOUR_MS);

    const paged = await holdsOf(investor.user.id, { page: 2, pageSize: 1 });
    expect(paged.headers.get('x-total-count')).toBe('2');
    expect(paged.body).toMatchObject([{ reason: 'address_added', running: true }]);
  });

  it('an id the wallet never saw reads as an empty book with no holds and the switch off', async () => {
    const unknown = randomUUID();
    const book = await addressBookOf(unknown);
    expect(book.status).toBe(200);
    expect(book.body).toEqual([]);
    expect(book.headers.get('x-total-count')).toBe('0');
    const holds = await holdsOf(unknown);
    expect(holds.body).toEqual([]);
    expect(holds.headers.get('x-total-count')).toBe('0');
    expect((await settingsOf(unknown)).body).toMatchObject({ whitelistOnly: false, switchingOffAt: null });
  });

  it('refuses investors, even for their own account, at the gateway and at the wallet; a bad id is a 400', async () => {
    const investor = await registerInvestor();
    await save(investor, 'Exchange');
    const operations = [
      addressBookOperations.userAddressBook,
      addressBookOperations.userAddressBookSettings,
      withdrawalHoldOperations.userWithdrawalHolds,
    ];
    const path = { id: investor.user.id };
    for (const operation of operations) {
      const viaGateway = await client.call(operation, { token: investor.accessToken, path });
      expect(viaGateway.status).toBe(403);
      // Raw: the wallet itself, past the gateway, which the typed client only reaches by a path.
      const { method, path: url } = operationCall(operation, { path });
      const direct = await client.raw(method, url, {
        token: investor.accessToken,
        base: stack().services.wallet,
      });
      expect(direct.status).toBe(403);
      expect((await client.call(operation, { path })).status).toBe(401);
    }
    const badId = await client.call(withdrawalHoldOperations.userWithdrawalHolds, {
      token: admin.accessToken,
      path: { id: 'not-an-id' },
    });
    expect(badId.status).toBe(400);
  });
});
