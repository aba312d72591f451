// Users as identity's events describe them; never read from identity's tables.
import { containsPattern, pageOf, type Knex, type Page } from '@cropvest/service-kit/db';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
  type NotificationRecipient,
  type NotificationRecipientQuery,
} from '@cropvest/contracts';

export type PreferencesRow = NotificationPreferences & { user_id: string };

export const toPreferences = (row: PreferencesRow): NotificationPreferences => ({
  email: row.email,
  push: row.push,
  investment: row.investment,
  deposits: row.deposits,
  harvests: row.harvests,
  weekly: row.weekly,
});

/** The ids among `ids` that no user has. */
export async function unknownUserIds(db: Knex, ids: string[]): Promise<string[]> {
  const known = new Set((await db('users').whereIn('id', ids).pluck('id')) as string[]);
  return ids.filter((id) => !known.has(id));
}

/** One page of the users a send can name, by name, whose name or email contains `q` when given. */
export function searchRecipients(
  db: Knex,
  query: NotificationRecipientQuery,
): Promise<Page<NotificationRecipient>> {
  const users = db('users as u')
    .select('u.id', 'u.name', 'u.email')
    .orderBy([
      { column: 'u.name', order: 'asc' },
      { column: 'u.id', order: 'asc' },
    ]);
  if (query.q) {
    const pattern = containsPattern(query.q);
    void users.where(
      (where) =>
        void where
          .whereRaw(`u.name ILIKE ? ESCAPE '\\'`, [pattern])
          .orWhereRaw(`u.email ILIKE ? ESCAPE '\\'`, [pattern]),
    );
  }
  return pageOf<NotificationRecipient>(users, query);
}

export async function readPreferences(db: Knex, userId: string): Promise<NotificationPreferences> {
  const row = await db<PreferencesRow>('preferences').where({ user_id: userId }).first();
  return row ? toPreferences(row) : { ...DEFAULT_NOTIFICATION_PREFERENCES };
}

export async function savePreferences(
  db: Knex,
  userId: string,
  preferences: NotificationPreferences,
): Promise<void> {
  await db('preferences')
    .insert({ user_id: userId, ...preferences })
    .onConflict('user_id')
    .merge({ ...preferences, updated_at: db.fn.now() });
}

export async function platformEmailOn(db: Knex): Promise<boolean> {
  const row = await db('platform')
    .where({ id: 1 })
    .first<{ email_notifications: boolean } | undefined>('email_notifications');
  return row?.email_notifications ?? true;
}

export async function setPlatformEmail(trx: Knex.Transaction, on: boolean, versionAt: string): Promise<void> {
  await trx('platform')
    .where({ id: 1 })
    .andWhere((q) => void q.whereNull('version_at').orWhere('version_at', '<=', versionAt))
    .update({ email_notifications: on, version_at: versionAt });
}

export interface MailTarget {
  name: string;
  email: string;
  platformEmailOn: boolean;
  preferences: NotificationPreferences;
}

/**
 * Everything deciding whether and where to mail each of these users, in one round trip (the consumer's hot
 * path; a harvest day asks for a hundred users at a time). Users not in the projection are left out.
 */
export async function mailTargets(db: Knex, userIds: string[]): Promise<Map<string, MailTarget>> {
  const rows = await db('users as u')
    .leftJoin('preferences as p', 'p.user_id', 'u.id')
    .whereIn('u.id', [...new Set(userIds)])
    .select<
      (PreferencesRow & {
        id: string;
        name: string;
        email_address: string;
        platform_on: boolean | null;
        has_preferences: boolean;
      })[]
    >(
      'u.id',
      'u.name',
      'u.email as email_address',
      'p.email',
      'p.push',
      'p.investment',
      'p.deposits',
      'p.harvests',
      'p.weekly',
      db.raw('(p.user_id IS NOT NULL) AS has_preferences'),
      db.raw('(SELECT email_notifications FROM platform WHERE id = 1) AS platform_on'),
    );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        name: row.name,
        email: row.email_address,
        platformEmailOn: row.platform_on ?? true,
        preferences: row.has_preferences ? toPreferences(row) : { ...DEFAULT_NOTIFICATION_PREFERENCES },
      },
    ]),
  );
}
