import { pageOf, type Knex, type Page } from '@cropvest/service-kit/db';
import type { FaqListQuery } from '@cropvest/contracts';

export interface FaqRow {
  id: string;
  question: string;
  answer: string;
  position: number;
  published: boolean;
  created_by: string | null;
  updated_by: string | null;
  created_at: Date;
  updated_at: Date;
}

const inOrder = (db: Knex) => db<FaqRow>('faq_entries').orderBy('position', 'asc');

export const listPublishedFaq = (db: Knex, query: FaqListQuery): Promise<Page<FaqRow>> =>
  pageOf<FaqRow>(inOrder(db).where({ published: true }).select('*'), query);

export const listAllFaq = (db: Knex, query: FaqListQuery): Promise<Page<FaqRow>> =>
  pageOf<FaqRow>(inOrder(db).select('*'), query);

export const allFaqInOrder = (db: Knex): Promise<FaqRow[]> => inOrder(db).select('*');

/** Every row locked, so adds and reorders of two admins queue instead of fighting over positions. */
export const lockAllFaq = (trx: Knex.Transaction): Promise<FaqRow[]> => inOrder(trx).select('*').forUpdate();

export async function insertFaq(
  trx: Knex.Transaction,
  entry: Pick<FaqRow, 'question' | 'answer' | 'published' | 'created_by' | 'updated_by'>,
): Promise<FaqRow> {
  const [row] = await trx<FaqRow>('faq_entries')
    .insert({
      ...entry,
      position: trx.raw('(SELECT coalesce(max(position), 0) + 1 FROM faq_entries)') as unknown as number,
    })
    .returning('*');
  return row as FaqRow;
}

export const lockFaq = (trx: Knex.Transaction, id: string): Promise<FaqRow | undefined> =>
  trx<FaqRow>('faq_entries').where({ id }).forUpdate().first();

export async function updateFaq(
  trx: Knex.Transaction,
  id: string,
  changes: Partial<Pick<FaqRow, 'question' | 'answer' | 'published' | 'updated_by'>>,
): Promise<FaqRow> {
  const [row] = await trx<FaqRow>('faq_entries')
    .where({ id })
    .update({ ...changes, updated_at: trx.fn.now() as unknown as Date })
    .returning('*');
  return row as FaqRow;
}

/** Positions 1..n in the order given, in one statement (the unique position is checked at commit). */
export async function writeFaqOrder(trx: Knex.Transaction, ids: string[], adminId: string): Promise<void> {
  await trx.raw(
    `UPDATE faq_entries f SET position = o.position, updated_by = ?, updated_at = now()
       FROM unnest(?::uuid[]) WITH ORDINALITY AS o(id, position)
      WHERE f.id = o.id AND f.position <> o.position`,
    [adminId, ids],
  );
}
