// The withdrawal address book (issue 26, docs/decisions/0097-withdrawal-address-book.md): saved TRC-20 addresses
// usable after a cool-down, "whitelisted addresses only", and the address-poisoning rule. The withdrawal request
// asks `assertWithdrawalAddressAllowed` before it holds any money; everything else here is the investor's own book.
import { v7 as uuidv7 } from 'uuid';
import type {
  AddressBookEntry,
  AddressBookEntryRequest,
  AddressBookSettings,
  AddressBookSettingsUpdate,
  LookalikeCheck,
} from '@cropvest/contracts/wallet/address-book';
import {
  DEFAULT_ADDRESS_COOL_DOWN_HOURS,
  findLookalike,
  LOOKALIKE_CODE,
  lookalikeMessage,
  MAX_ADDRESS_BOOK_ENTRIES,
  NOT_WHITELISTED_CODE,
} from '@cropvest/contracts/wallet/address-book-rules';
import { checkTronAddress } from '@cropvest/contracts/chain/addresses';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { type Knex, type Page } from '@cropvest/service-kit/db';
import { AppError, ConflictError, NotFoundError, ValidationError } from '@cropvest/service-kit/errors';
import {
  countEntries,
  deleteEntry,
  insertEntry,
  isUsableEntry,
  knownAddressesLike,
  listEntries,
  lockAddressBook,
  readWhitelist,
  scheduleWhitelistOff,
  switchWhitelistOn,
} from '../db/address-book.ts';
import { readSetting } from '../db/projections.ts';
import { placeWithdrawalHold } from './withdrawal-holds.ts';
import { inTransaction, type RequestMeta, type WalletContext } from './context.ts';

/** The security settings' cool-down of a new entry and of switching "whitelisted addresses only" off. */
export const ADDRESS_COOL_DOWN_SETTING = 'addressBookCoolDownHours';

const coolDownHours = async (db: Knex): Promise<number> =>
  (await readSetting<number>(db, ADDRESS_COOL_DOWN_SETTING)) ?? DEFAULT_ADDRESS_COOL_DOWN_HOURS;

export const NOT_WHITELISTED_MESSAGE =
  'Whitelisted addresses only is on: withdraw to one of your saved addresses whose cool-down has passed, or save this address first.';

/** A TRC-20 address as the withdrawal form checks it, or a 400 naming `field`. */
function tronAddress(input: string, field: string): string {
  const check = checkTronAddress(input);
  if (!check.ok) throw new ValidationError(check.message, [{ path: field, message: check.message }]);
  return check.address;
}

async function refuseLookalike(db: Knex, userId: string, address: string): Promise<void> {
  const lookalike = findLookalike(address, await knownAddressesLike(db, userId, address));
  if (lookalike) throw new AppError(409, LOOKALIKE_CODE, lookalikeMessage(address, lookalike));
}

/**
 * The address book's rules for a withdrawal to `address` (already a valid TRC-20 address): while "whitelisted
 * addresses only" is on, only a saved entry past its cool-down; otherwise, an address that looks like one used or
 * saved before only with `confirmLookalike`. A saved entry was confirmed when it was saved, so it is never asked
 * about again.
 */
export async function assertWithdrawalAddressAllowed(
  db: Knex,
  userId: string,
  address: string,
  confirmLookalike: boolean | undefined,
): Promise<void> {
  if ((await readWhitelist(db, userId)).on) {
    if (!(await isUsableEntry(db, userId, address)))
      throw new AppError(409, NOT_WHITELISTED_CODE, NOT_WHITELISTED_MESSAGE);
    return;
  }
  if (!confirmLookalike) await refuseLookalike(db, userId, address);
}

export const myEntries = (
  ctx: WalletContext,
  user: AuthUser,
  query: { page: number; pageSize: number },
): Promise<Page<AddressBookEntry>> => listEntries(ctx.db, user.id, query);

export async function addEntry(
  ctx: WalletContext,
  user: AuthUser,
  input: AddressBookEntryRequest,
  meta: RequestMeta,
): Promise<AddressBookEntry> {
  const address = tronAddress(input.address, 'address');
  const hours = await coolDownHours(ctx.db);
  return inTransaction(ctx, async (trx) => {
    await lockAddressBook(trx, user.id);
    if (!input.confirmLookalike) await refuseLookalike(trx, user.id, address);
    if ((await countEntries(trx, user.id)) >= MAX_ADDRESS_BOOK_ENTRIES)
      throw new ConflictError(
        `Your address book holds at most ${MAX_ADDRESS_BOOK_ENTRIES} addresses; remove one first`,
        'ADDRESS_BOOK_FULL',
      );
    const entry = await insertEntry(trx, {
      id: uuidv7(),
      userId: user.id,
      label: input.label,
      address,
      coolDownHours: hours,
    });
    if (!entry)
      throw new ConflictError('This address is already in your address book', 'ADDRESS_ALREADY_SAVED');
    // A new entry is one of the security changes that hold new withdrawals (decision 0098).
    await placeWithdrawalHold(trx, user.id, 'address_added', { key: `address_added:${entry.id}` });
    await ctx.events.emit(
      trx,
      'address_book.entry_added',
      {
        entryId: entry.id,
        userId: user.id,
        label: entry.label,
        address: entry.address,
        network: entry.network,
        usableFrom: entry.usableFrom,
      },
      { actorId: user.id, subjectId: user.id, traceparent: meta.traceparent },
    );
    return entry;
  });
}

/** Removing an entry is also how one still cooling down is cancelled (the mailed notice links to it). */
export async function removeEntry(ctx: WalletContext, user: AuthUser, id: string): Promise<{ ok: true }> {
  const removed = await inTransaction(ctx, async (trx) => {
    await lockAddressBook(trx, user.id);
    return deleteEntry(trx, user.id, id);
  });
  if (!removed) throw new NotFoundError('Address not found', 'ADDRESS_NOT_FOUND');
  return { ok: true };
}

/** The investor's switch as it stands now (off for anyone who never switched it on). */
export async function settingsOf(db: Knex, userId: string): Promise<AddressBookSettings> {
  const [whitelist, hours] = await Promise.all([readWhitelist(db, userId), coolDownHours(db)]);
  return {
    whitelistOnly: whitelist.on,
    switchingOffAt: whitelist.switchingOffAt?.toISOString() ?? null,
    coolDownHours: hours,
  };
}

export const mySettings = (ctx: WalletContext, user: AuthUser): Promise<AddressBookSettings> =>
  settingsOf(ctx.db, user.id);

/**
 * On takes effect at once (and cancels a switch-off still cooling down); off only after the cool-down, so someone
 * who got into the account cannot switch it off and withdraw at once. Asking again for what is already under way
 * changes nothing.
 */
export async function updateSettings(
  ctx: WalletContext,
  user: AuthUser,
  input: AddressBookSettingsUpdate,
  meta: RequestMeta,
): Promise<AddressBookSettings> {
  const hours = await coolDownHours(ctx.db);
  await inTransaction(ctx, async (trx) => {
    await lockAddressBook(trx, user.id);
    const whitelist = await readWhitelist(trx, user.id);
    if (input.whitelistOnly) {
      if (!whitelist.on || whitelist.switchingOffAt) await switchWhitelistOn(trx, user.id);
      return;
    }
    if (!whitelist.on || whitelist.switchingOffAt) return;
    const effectiveAt = await scheduleWhitelistOff(trx, user.id, hours);
    await ctx.events.emit(
      trx,
      'address_book.whitelist_switched_off',
      { userId: user.id, effectiveAt: effectiveAt.toISOString() },
      { actorId: user.id, subjectId: user.id, traceparent: meta.traceparent },
    );
  });
  return mySettings(ctx, user);
}

export async function lookalikeOf(
  ctx: WalletContext,
  user: AuthUser,
  input: string,
): Promise<LookalikeCheck> {
  const address = tronAddress(input, 'address');
  return { lookalike: findLookalike(address, await knownAddressesLike(ctx.db, user.id, address)) };
}
