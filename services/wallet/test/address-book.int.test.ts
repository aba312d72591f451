// The withdrawal address book (docs/decisions/0097): cool-down, "whitelisted addresses only" and its switch-off
// cool-down, the address-poisoning rule, the owner's notice with its cancel link, and owner-only access. Time moves
// by SQL on the wallet's schema, never by sleeping.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { tronAddressFromHex } from '@cropvest/contracts/chain/addresses';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import type { OperationBody } from '@cropvest/contracts/operation-call';
import { addressBookOperations } from '@cropvest/contracts/wallet/address-book-api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { eventually, registerInvestor, stackClient, type Session } from '../../../test/support/api.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { waitForMail } from '../../../test/support/mail.ts';
import { balances } from '../../../test/support/wallet.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { refused, TRON_ADDRESS } from './support.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

const wallet = () => serviceDb('wallet');
const HOUR_MS = 3_600_000;

/** A fresh valid TRC-20 address. */
const newAddress = (): string => tronAddressFromHex(randomBytes(20).toString('hex'));

/**
 * An address sharing the first and last four characters of `address` with a different middle. A valid one would
 * take about 10^12 tries to find (what poisoners rent GPUs for), so the known side of the pair is written into the
 * investor's book directly, as if saved long ago; the typed side is a valid address, as the rule meets it.
 */
const lookalikeOf = (address: string): string =>
  `${address.slice(0, 4)}${address[4] === 'z' ? 'y' : 'z'}${address.slice(5)}`;

async function saveDirectly(userId: string, label: string, address: string): Promise<void> {
  await wallet()('address_book_entries').insert({
    id: randomUUID(),
    user_id: userId,
    label,
    address,
    usable_from: wallet().raw(`now() - interval '30 days'`),
    created_at: wallet().raw(`now() - interval '30 days'`),
  });
}

/** The cool-downs end and the hold the new entry placed (decision 0098) is over. */
async function coolDownsPass(userId: string): Promise<void> {
  await wallet().raw(
    `UPDATE address_book_entries SET usable_from = now() - interval '1 second' WHERE user_id = ?`,
    [userId],
  );
  await wallet().raw(
    `UPDATE address_book_settings SET switching_off_at = now() - interval '1 second'
      WHERE user_id = ? AND switching_off_at IS NOT NULL`,
    [userId],
  );
  await wallet().raw(
    `UPDATE withdrawal_holds SET held_until = now() - interval '1 second' WHERE user_id = ?`,
    [userId],
  );
}

const client = stackClient();
const save = (session: Session, body: OperationBody<typeof addressBookOperations.addAddressBookEntry>) =>
  client.call(addressBookOperations.addAddressBookEntry, { token: session.accessToken, body });
const withdraw = (
  session: Session,
  walletAddress: string,
  extra: Partial<OperationBody<typeof walletOperations.requestWithdrawal>> = {},
) =>
  client.call(walletOperations.requestWithdrawal, {
    token: session.accessToken,
    body: { amount: '5', walletAddress, ...extra },
  });
const whitelist = (session: Session, whitelistOnly: boolean) =>
  client.call(addressBookOperations.updateAddressBookSettings, {
    token: session.accessToken,
    body: { whitelistOnly },
  });
/** Raw: a body the contract cannot express (a wrong type, an unknown field), to see the wallet refuse it. */
const postRaw = (
  operation: typeof addressBookOperations.addAddressBookEntry | typeof walletOperations.requestWithdrawal,
  session: Session,
  body: Record<string, unknown>,
) => client.raw('POST', operation.path, { token: session.accessToken, body });

const near = (iso: string, expected: number) =>
  expect(Math.abs(new Date(iso).getTime() - expected)).toBeLessThan(5 * 60_000);

describe('the withdrawal address book', () => {
  it('saves a checked TRC-20 address usable after the 24-hour cool-down, lists it paged, and tells the owner where to cancel it', async () => {
    const investor = await registerInvestor();
    const address = newAddress();
    const saved = succeeded(await save(investor, { label: '  Ledger  ', address: ` ${address} ` }), 201);
    expect(saved).toMatchObject({ label: 'Ledger', address, network: 'TRC20', usable: false });
    near(saved.usableFrom, Date.now() + 24 * HOUR_MS);

    const listed = await client.call(addressBookOperations.addressBook, {
      token: investor.accessToken,
      query: { page: 1, pageSize: 1 },
    });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('x-total-count')).toBe('1');
    expect(listed.body).toEqual([saved]);

    expect(await save(investor, { label: 'Again', address })).toMatchObject({
      status: 409,
      body: { code: 'ADDRESS_ALREADY_SAVED' },
    });
    // The withdrawal form's own rule: the checksum, in its words.
    const typo = `${address.slice(0, 33)}${address[33] === 'a' ? 'b' : 'a'}`;
    expect(await save(investor, { label: 'Typo', address: typo })).toMatchObject({
      status: 400,
      body: { issues: [{ path: 'address', message: expect.stringContaining('checksum') }] },
    });
    expect(await save(investor, { label: '', address })).toMatchObject({ status: 400 });
    const otherNetwork = { label: 'X', address, network: 'ERC20' };
    expect(await postRaw(addressBookOperations.addAddressBookEntry, investor, otherNetwork)).toMatchObject({
      status: 400,
    });

    const notice = await eventually(async () => {
      const list = await client.ok(notificationOperations.myNotifications, { token: investor.accessToken });
      return list.find((n) => n.title === 'New withdrawal address saved');
    }, 30_000);
    expect(notice.message).toContain(address);
    const mail = await waitForMail(investor.user.email, /New withdrawal address saved/);
    expect(mail.body).toMatch(/\/investor\/profile\?tab=addresses/);
  });

  it('with whitelisted addresses only, refuses every address but a saved one past its cool-down, holding nothing', async () => {
    const investor = await verifiedInvestor('100', 'wallet');
    const saved = newAddress();
    expect((await save(investor, { label: 'Cold wallet', address: saved })).status).toBe(201);
    expect((await whitelist(investor, true)).body).toEqual({
      whitelistOnly: true,
      switchingOffAt: null,
      coolDownHours: 24,
    });

    for (const address of [saved, TRON_ADDRESS]) {
      const refusal = refused(await withdraw(investor, address), 409);
      expect(refusal.code).toBe('ADDRESS_NOT_WHITELISTED');
      expect(refusal.message).toMatch(/Whitelisted addresses only/);
    }
    expect(await balances(investor.user.id)).toMatchObject({ available: '100.00000000', hold: '0.00000000' });

    await coolDownsPass(investor.user.id);
    const listed = await client.ok(addressBookOperations.addressBook, { token: investor.accessToken });
    expect(listed[0]).toMatchObject({ address: saved, usable: true });
    expect(await withdraw(investor, saved)).toMatchObject({ status: 201, body: { walletAddress: saved } });
    expect(await withdraw(investor, TRON_ADDRESS)).toMatchObject({
      status: 409,
      body: { code: 'ADDRESS_NOT_WHITELISTED' },
    });
  });

  it('switching whitelisted addresses only off takes the cool-down: it stays on until then, and on again cancels it', async () => {
    const investor = await verifiedInvestor('100', 'wallet');
    expect((await whitelist(investor, true)).status).toBe(200);
    const off = succeeded(await whitelist(investor, false));
    expect(off.whitelistOnly).toBe(true);
    near(off.switchingOffAt ?? '', Date.now() + 24 * HOUR_MS);
    // Asking again moves nothing.
    expect(succeeded(await whitelist(investor, false)).switchingOffAt).toBe(off.switchingOffAt);
    expect(await withdraw(investor, TRON_ADDRESS)).toMatchObject({
      status: 409,
      body: { code: 'ADDRESS_NOT_WHITELISTED' },
    });
    await waitForMail(investor.user.email, /Whitelisted addresses only is being switched off/);

    // Switched on again before the cool-down ends: the switch-off is cancelled.
    expect((await whitelist(investor, true)).body).toMatchObject({
      whitelistOnly: true,
      switchingOffAt: null,
    });
    await coolDownsPass(investor.user.id);
    expect(await withdraw(investor, TRON_ADDRESS)).toMatchObject({ status: 409 });

    expect(succeeded(await whitelist(investor, false)).whitelistOnly).toBe(true);
    await coolDownsPass(investor.user.id);
    expect(
      (await client.call(addressBookOperations.addressBookSettings, { token: investor.accessToken })).body,
    ).toMatchObject({
      whitelistOnly: false,
      switchingOffAt: null,
    });
    expect((await withdraw(investor, TRON_ADDRESS)).status).toBe(201);
  });

  it('asks for a confirmation before saving or withdrawing to an address that looks like a known one, naming it', async () => {
    const investor = await verifiedInvestor('100', 'wallet');
    const typed = newAddress();
    const known = lookalikeOf(typed);
    await saveDirectly(investor.user.id, 'Exchange', known);

    const lookalikes = (address: string, session = investor) =>
      client.call(addressBookOperations.addressLookalikes, {
        token: session.accessToken,
        query: { address },
      });
    expect((await lookalikes(typed)).body).toEqual({
      lookalike: { address: known, source: 'saved', label: 'Exchange' },
    });
    expect((await lookalikes(TRON_ADDRESS)).body).toEqual({ lookalike: null });

    const saving = refused(await save(investor, { label: 'New', address: typed }), 409);
    expect(saving.code).toBe('LOOKALIKE_ADDRESS');
    expect(saving.message).toContain(known);
    expect(saving.message).toContain('"Exchange"');

    const withdrawal = refused(await withdraw(investor, typed), 409);
    expect(withdrawal.code).toBe('LOOKALIKE_ADDRESS');
    expect(withdrawal.message).toContain(known);
    expect(await balances(investor.user.id)).toMatchObject({ available: '100.00000000', hold: '0.00000000' });
    const notABoolean = { amount: '5', walletAddress: typed, confirmLookalike: 'yes' };
    expect(await postRaw(walletOperations.requestWithdrawal, investor, notABoolean)).toMatchObject({
      status: 400,
    });
    expect(await withdraw(investor, typed, { confirmLookalike: true })).toMatchObject({ status: 201 });

    // Saved with the confirmation, an address is asked about no more.
    const other = newAddress();
    await saveDirectly(investor.user.id, 'Old wallet', lookalikeOf(other));
    const confirmed = await save(investor, { label: 'New', address: other, confirmLookalike: true });
    expect(confirmed).toMatchObject({ status: 201, body: { address: other } });
    await coolDownsPass(investor.user.id);
    expect((await withdraw(investor, other)).status).toBe(201);
  });

  it("is its owner's alone: nobody else lists, removes or learns of an entry; the owner cancels one still cooling down", async () => {
    const owner = await registerInvestor();
    const other = await registerInvestor();
    const entry = succeeded(await save(owner, { label: 'Mine', address: newAddress() }), 201);
    const remove = (session: Session) =>
      client.call(addressBookOperations.removeAddressBookEntry, {
        token: session.accessToken,
        path: { id: entry.id },
      });

    expect((await client.call(addressBookOperations.addressBook, { token: other.accessToken })).body).toEqual(
      [],
    );
    expect(await remove(other)).toMatchObject({ status: 404, body: { code: 'ADDRESS_NOT_FOUND' } });
    // What the owner saved is no look-alike for anyone else.
    const typed = newAddress();
    await saveDirectly(owner.user.id, 'Mine too', lookalikeOf(typed));
    const check = (session: Session) =>
      client.ok(addressBookOperations.addressLookalikes, {
        token: session.accessToken,
        query: { address: typed },
      });
    expect(await check(other)).toEqual({ lookalike: null });
    expect((await check(owner)).lookalike).toMatchObject({ label: 'Mine too' });
    expect((await client.call(addressBookOperations.addressBook)).status).toBe(401);
    expect(
      (await client.call(addressBookOperations.updateAddressBookSettings, { body: { whitelistOnly: true } }))
        .status,
    ).toBe(401);

    expect(await remove(owner)).toMatchObject({ status: 200, body: { ok: true } });
    const left = await client.ok(addressBookOperations.addressBook, { token: owner.accessToken });
    expect(left.map((row) => row.id)).not.toContain(entry.id);
    expect((await remove(owner)).status).toBe(404);
  });
});
