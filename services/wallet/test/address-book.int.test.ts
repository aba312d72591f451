// The withdrawal address book (docs/decisions/0097): cool-down, "whitelisted addresses only" and its switch-off
// cool-down, the address-poisoning rule, the owner's notice with its cancel link, and owner-only access. Time moves
// by SQL on the wallet's schema, never by sleeping.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { tronAddressFromHex } from '@cropvest/contracts/chain/addresses';
import { api, call, eventually, registerInvestor, type Session } from '../../../test/support/api.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { waitForMail } from '../../../test/support/mail.ts';
import { balances } from '../../../test/support/wallet.ts';
import { TRON_ADDRESS } from './support.ts';

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

const save = (session: Session, body: Record<string, unknown>) =>
  api('POST', '/api/address-book', session.accessToken, body);
const withdraw = (session: Session, walletAddress: string, extra: Record<string, unknown> = {}) =>
  api('POST', '/api/withdrawals', session.accessToken, { amount: '5', walletAddress, ...extra });
const whitelist = (session: Session, whitelistOnly: boolean) =>
  api('PUT', '/api/address-book/settings', session.accessToken, { whitelistOnly });

const near = (iso: string, expected: number) =>
  expect(Math.abs(new Date(iso).getTime() - expected)).toBeLessThan(5 * 60_000);

describe('the withdrawal address book', () => {
  it('saves a checked TRC-20 address usable after the 24-hour cool-down, lists it paged, and tells the owner where to cancel it', async () => {
    const investor = await registerInvestor();
    const address = newAddress();
    const saved = await save(investor, { label: '  Ledger  ', address: ` ${address} ` });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ label: 'Ledger', address, network: 'TRC20', usable: false });
    near(saved.body.usableFrom, Date.now() + 24 * HOUR_MS);

    const listed = await call('GET', '/api/address-book?page=1&pageSize=1', { token: investor.accessToken });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('x-total-count')).toBe('1');
    expect(listed.body).toEqual([saved.body]);

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
    expect(await save(investor, { label: 'X', address, network: 'ERC20' })).toMatchObject({ status: 400 });

    const notice = await eventually(async () => {
      const list = await api('GET', '/api/notifications', investor.accessToken);
      return (list.body as { title: string; message: string }[]).find(
        (n) => n.title === 'New withdrawal address saved',
      );
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
      const refused = await withdraw(investor, address);
      expect(refused).toMatchObject({ status: 409, body: { code: 'ADDRESS_NOT_WHITELISTED' } });
      expect(refused.body.message).toMatch(/Whitelisted addresses only/);
    }
    expect(await balances(investor.user.id)).toMatchObject({ available: '100.00000000', hold: '0.00000000' });

    await coolDownsPass(investor.user.id);
    const listed = await api('GET', '/api/address-book', investor.accessToken);
    expect(listed.body[0]).toMatchObject({ address: saved, usable: true });
    expect(await withdraw(investor, saved)).toMatchObject({ status: 201, body: { walletAddress: saved } });
    expect(await withdraw(investor, TRON_ADDRESS)).toMatchObject({
      status: 409,
      body: { code: 'ADDRESS_NOT_WHITELISTED' },
    });
  });

  it('switching whitelisted addresses only off takes the cool-down: it stays on until then, and on again cancels it', async () => {
    const investor = await verifiedInvestor('100', 'wallet');
    expect((await whitelist(investor, true)).status).toBe(200);
    const off = await whitelist(investor, false);
    expect(off.body.whitelistOnly).toBe(true);
    near(off.body.switchingOffAt, Date.now() + 24 * HOUR_MS);
    // Asking again moves nothing.
    expect((await whitelist(investor, false)).body.switchingOffAt).toBe(off.body.switchingOffAt);
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

    expect((await whitelist(investor, false)).body.whitelistOnly).toBe(true);
    await coolDownsPass(investor.user.id);
    expect((await api('GET', '/api/address-book/settings', investor.accessToken)).body).toMatchObject({
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

    expect(
      (await api('GET', `/api/address-book/lookalikes?address=${typed}`, investor.accessToken)).body,
    ).toEqual({
      lookalike: { address: known, source: 'saved', label: 'Exchange' },
    });
    expect(
      (await api('GET', `/api/address-book/lookalikes?address=${TRON_ADDRESS}`, investor.accessToken)).body,
    ).toEqual({ lookalike: null });

    const refused = await save(investor, { label: 'New', address: typed });
    expect(refused).toMatchObject({ status: 409, body: { code: 'LOOKALIKE_ADDRESS' } });
    expect(refused.body.message).toContain(known);
    expect(refused.body.message).toContain('"Exchange"');

    const withdrawal = await withdraw(investor, typed);
    expect(withdrawal).toMatchObject({ status: 409, body: { code: 'LOOKALIKE_ADDRESS' } });
    expect(withdrawal.body.message).toContain(known);
    expect(await balances(investor.user.id)).toMatchObject({ available: '100.00000000', hold: '0.00000000' });
    expect(await withdraw(investor, typed, { confirmLookalike: 'yes' })).toMatchObject({ status: 400 });
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
    const entry = (await save(owner, { label: 'Mine', address: newAddress() })).body;

    expect((await api('GET', '/api/address-book', other.accessToken)).body).toEqual([]);
    expect(await api('DELETE', `/api/address-book/${entry.id}`, other.accessToken)).toMatchObject({
      status: 404,
      body: { code: 'ADDRESS_NOT_FOUND' },
    });
    // What the owner saved is no look-alike for anyone else.
    const typed = newAddress();
    await saveDirectly(owner.user.id, 'Mine too', lookalikeOf(typed));
    const check = `/api/address-book/lookalikes?address=${typed}`;
    expect((await api('GET', check, other.accessToken)).body).toEqual({ lookalike: null });
    expect((await api('GET', check, owner.accessToken)).body.lookalike).toMatchObject({ label: 'Mine too' });
    expect((await api('GET', '/api/address-book')).status).toBe(401);
    expect((await api('PUT', '/api/address-book/settings', undefined, { whitelistOnly: true })).status).toBe(
      401,
    );

    expect(await api('DELETE', `/api/address-book/${entry.id}`, owner.accessToken)).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    const left = (await api('GET', '/api/address-book', owner.accessToken)).body as { id: string }[];
    expect(left.map((row) => row.id)).not.toContain(entry.id);
    expect((await api('DELETE', `/api/address-book/${entry.id}`, owner.accessToken)).status).toBe(404);
  });
});
