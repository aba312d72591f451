// The address book's tables (migration 013): each investor's saved withdrawal addresses and their switch.
// Every time is compared with the database clock, so a cool-down ends at the same instant for every replica.
import type { AddressBookEntry, Lookalike } from '@cropvest/contracts/wallet/address-book';
import { LOOKALIKE_ENDS } from '@cropvest/contracts/wallet/address-book-rules';
import { pageOf, type Knex, type Page } from '@cropvest/service-kit/db';

interface EntryRow {
  id: string;
  label: string;
  address: string;
  usable_from: Date;
  usable: boolean;
  created_at: Date;
}

/** The entry's columns; whether it is usable is decided by the database's clock, as a withdrawal's check is. */
const entryColumns = (db: Knex) => [
  'id',
  'label',
  'address',
  'usable_from',
  'created_at',
  db.raw('usable_from <= now() AS usable'),
];

export const toEntry = (row: EntryRow): AddressBookEntry => ({
  id: row.id,
  label: row.label,
  address: row.address,
  network: 'TRC20',
  usableFrom: row.usable_from.toISOString(),
  usable: row.usable,
  createdAt: row.created_at.toISOString(),
});

/** Serialises one investor's saves, removals and switch changes (the book's size limit holds under races). */
export const lockAddressBook = (trx: Knex.Transaction, userId: string) =>
  trx.raw(`SELECT pg_advisory_xact_lock(hashtext('address_book'), hashtext(?::text))`, [userId]);

export async function listEntries(
  db: Knex,
  userId: string,
  page: { page: number; pageSize: number },
): Promise<Page<AddressBookEntry>> {
  const rows = await pageOf<EntryRow>(
    db('address_book_entries')
      .where({ user_id: userId })
      .select(entryColumns(db))
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]),
    page,
  );
  return { ...rows, items: rows.items.map(toEntry) };
}

export const countEntries = async (trx: Knex.Transaction, userId: string): Promise<number> =>
  Number(
    (
      (await trx('address_book_entries').where({ user_id: userId }).count({ n: '*' }).first()) as {
        n: string;
      }
    ).n,
  );

/** Saves an entry, usable from now + the cool-down; null when the investor already saved this address. */
export async function insertEntry(
  trx: Knex.Transaction,
  entry: { id: string; userId: string; label: string; address: string; coolDownHours: number },
): Promise<AddressBookEntry | null> {
  const inserted = await trx('address_book_entries')
    .insert({
      id: entry.id,
      user_id: entry.userId,
      label: entry.label,
      address: entry.address,
      usable_from: trx.raw('now() + make_interval(hours => ?)', [entry.coolDownHours]),
    })
    .onConflict(['user_id', 'address'])
    .ignore()
    .returning('id');
  if (inserted.length === 0) return null;
  const row = (await trx('address_book_entries')
    .where({ id: entry.id })
    .first(entryColumns(trx))) as EntryRow;
  return toEntry(row);
}

/** Removes one of the investor's own entries; false when they have none with this id. */
export const deleteEntry = async (trx: Knex.Transaction, userId: string, id: string): Promise<boolean> =>
  (await trx('address_book_entries').where({ user_id: userId, id }).delete()) > 0;

/** Whether the investor saved `address` and its cool-down has passed. */
export const isUsableEntry = async (db: Knex, userId: string, address: string): Promise<boolean> =>
  Boolean(
    await db('address_book_entries')
      .where({ user_id: userId, address })
      .whereRaw('usable_from <= now()')
      .first('id'),
  );

/**
 * The investor's known addresses that could matter to `address`: itself if used or saved, and those agreeing on the
 * first and last characters (saved entries first, with their labels; then past withdrawals' destinations).
 */
export async function knownAddressesLike(db: Knex, userId: string, address: string): Promise<Lookalike[]> {
  const head = address.slice(0, LOOKALIKE_ENDS);
  const tail = address.slice(-LOOKALIKE_ENDS);
  const result = await db.raw<{ rows: Lookalike[] }>(
    `SELECT address, 'saved' AS source, label FROM address_book_entries
       WHERE user_id = ? AND (address = ? OR (left(address, ?) = ? AND right(address, ?) = ?))
     UNION ALL
     SELECT DISTINCT wallet_address AS address, 'withdrawal' AS source, NULL AS label FROM withdrawals
       WHERE user_id = ? AND (wallet_address = ? OR (left(wallet_address, ?) = ? AND right(wallet_address, ?) = ?))`,
    [
      userId,
      address,
      LOOKALIKE_ENDS,
      head,
      LOOKALIKE_ENDS,
      tail,
      userId,
      address,
      LOOKALIKE_ENDS,
      head,
      LOOKALIKE_ENDS,
      tail,
    ],
  );
  // Saved entries before withdrawals: the warning then names the label the investor gave.
  return result.rows.sort((a, b) => (a.source === b.source ? 0 : a.source === 'saved' ? -1 : 1));
}

interface SettingsRow {
  whitelist_only: boolean;
  switching_off_at: Date | null;
  on: boolean;
}

/** The switch as it stands now: on while switched on and a switch-off's cool-down has not passed. */
export async function readWhitelist(
  db: Knex,
  userId: string,
): Promise<{ on: boolean; switchingOffAt: Date | null }> {
  const row = (await db('address_book_settings')
    .where({ user_id: userId })
    .first(
      'whitelist_only',
      'switching_off_at',
      db.raw('(whitelist_only AND (switching_off_at IS NULL OR switching_off_at > now())) AS "on"'),
    )) as SettingsRow | undefined;
  if (!row?.on) return { on: false, switchingOffAt: null };
  return { on: true, switchingOffAt: row.switching_off_at };
}

export async function switchWhitelistOn(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx('address_book_settings')
    .insert({ user_id: userId, whitelist_only: true, switching_off_at: null })
    .onConflict('user_id')
    .merge({ whitelist_only: true, switching_off_at: null, updated_at: trx.fn.now() });
}

/** Starts the switch-off's cool-down; returns when it takes effect. */
export async function scheduleWhitelistOff(
  trx: Knex.Transaction,
  userId: string,
  coolDownHours: number,
): Promise<Date> {
  const [row] = (await trx('address_book_settings')
    .where({ user_id: userId })
    .update({
      switching_off_at: trx.raw('now() + make_interval(hours => ?)', [coolDownHours]),
      updated_at: trx.fn.now(),
    })
    .returning('switching_off_at')) as { switching_off_at: Date }[];
  return (row as { switching_off_at: Date }).switching_off_at;
}
