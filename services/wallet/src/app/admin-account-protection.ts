// The admin user page's view of one investor's account protection (issue 26, docs/decisions/0102): the saved
// withdrawal addresses with their cool-downs, the "whitelisted addresses only" switch, and every withdrawal hold.
// Read-only: the investor alone changes the address book, and a hold is placed by the change that caused it.
import type { AddressBookEntry, AddressBookSettings } from '@cropvest/contracts/wallet/address-book';
import type { AdminWithdrawalHold } from '@cropvest/contracts/wallet/withdrawal-holds';
import { pageOf, type Page } from '@cropvest/service-kit/db';
import { listEntries } from '../db/address-book.ts';
import { settingsOf } from './address-book.ts';
import type { WalletContext } from './context.ts';

interface ListPage {
  page: number;
  pageSize: number;
}

interface HoldRow {
  id: string;
  reason: AdminWithdrawalHold['reason'];
  changed_at: Date;
  held_until: Date;
  running: boolean;
}

/** An id the wallet has never seen reads as an empty book, as it would for an investor who saved nothing. */
export const adminAddressBook = (
  ctx: WalletContext,
  userId: string,
  page: ListPage,
): Promise<Page<AddressBookEntry>> => listEntries(ctx.db, userId, page);

export const adminAddressBookSettings = (ctx: WalletContext, userId: string): Promise<AddressBookSettings> =>
  settingsOf(ctx.db, userId);

/** Newest change first; whether a hold runs is decided by the database's clock, as the withdrawal's check is. */
export async function adminWithdrawalHolds(
  ctx: WalletContext,
  userId: string,
  page: ListPage,
): Promise<Page<AdminWithdrawalHold>> {
  const rows = await pageOf<HoldRow>(
    ctx
      .db('withdrawal_holds')
      .where({ user_id: userId })
      .select('id', 'reason', 'changed_at', 'held_until', ctx.db.raw('held_until > now() AS running'))
      .orderBy([
        { column: 'changed_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]),
    page,
  );
  return {
    ...rows,
    items: rows.items.map((row) => ({
      id: row.id,
      reason: row.reason,
      changedAt: row.changed_at.toISOString(),
      heldUntil: row.held_until.toISOString(),
      running: row.running,
    })),
  };
}
