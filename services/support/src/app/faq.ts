// FAQ use cases: investors read the published entries in order; admins add, edit, publish, unpublish and
// reorder them. Every admin change writes its audit row in the transaction that made it.
import type {
  AdminFaqEntry,
  CreateFaqRequest,
  FaqEntry,
  FaqListQuery,
  ReorderFaqRequest,
  UpdateFaqRequest,
} from '@cropvest/contracts';
import { FAQ_ENTRIES_MAX } from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { type ServiceEvents } from '@cropvest/service-kit/bus';
import { inTransaction, type Knex, type Page } from '@cropvest/service-kit/db';
import { BadRequestError, ConflictError, NotFoundError } from '@cropvest/service-kit/errors';
import {
  allFaqInOrder,
  insertFaq,
  listAllFaq,
  listPublishedFaq,
  lockAllFaq,
  lockFaq,
  updateFaq,
  writeFaqOrder,
  type FaqRow,
} from '../db/faq.ts';
import { type RequestMeta, type SupportContext } from './context.ts';

const toFaqEntry = (row: FaqRow): FaqEntry => ({ id: row.id, question: row.question, answer: row.answer });
const toAdminFaqEntry = (row: FaqRow): AdminFaqEntry => ({
  ...toFaqEntry(row),
  position: row.position,
  published: row.published,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export async function publishedFaq(ctx: SupportContext, query: FaqListQuery): Promise<Page<FaqEntry>> {
  const page = await listPublishedFaq(ctx.db, query);
  return { items: page.items.map(toFaqEntry), total: page.total };
}

export async function allFaq(ctx: SupportContext, query: FaqListQuery): Promise<Page<AdminFaqEntry>> {
  const page = await listAllFaq(ctx.db, query);
  return { items: page.items.map(toAdminFaqEntry), total: page.total };
}

const audit = (
  events: ServiceEvents,
  trx: Knex.Transaction,
  admin: AuthUser,
  action: 'faq_create' | 'faq_edit' | 'faq_reorder',
  targetId: string | null,
  details: Record<string, unknown>,
  meta: RequestMeta,
) =>
  events.audit(
    trx,
    { adminId: admin.id, action, targetId, targetType: 'faq_entry', details, ipAddress: meta.ip },
    meta.traceparent,
  );

export async function addFaq(
  ctx: SupportContext,
  admin: AuthUser,
  input: CreateFaqRequest,
  meta: RequestMeta,
): Promise<AdminFaqEntry> {
  const row = await inTransaction(ctx, async (trx) => {
    const existing = await lockAllFaq(trx);
    if (existing.length >= FAQ_ENTRIES_MAX)
      throw new ConflictError(`The FAQ holds at most ${FAQ_ENTRIES_MAX} entries`, 'FAQ_FULL');
    const created = await insertFaq(trx, { ...input, created_by: admin.id, updated_by: admin.id });
    await audit(
      ctx.events,
      trx,
      admin,
      'faq_create',
      created.id,
      { ...input, position: created.position },
      meta,
    );
    return created;
  });
  return toAdminFaqEntry(row);
}

export async function editFaq(
  ctx: SupportContext,
  admin: AuthUser,
  id: string,
  patch: UpdateFaqRequest,
  meta: RequestMeta,
): Promise<AdminFaqEntry> {
  const result = await inTransaction(ctx, async (trx) => {
    const before = await lockFaq(trx, id);
    if (!before) throw new NotFoundError('FAQ entry not found', 'FAQ_NOT_FOUND');
    const changed = Object.entries(patch).filter(([field, value]) => before[field as keyof FaqRow] !== value);
    // A save that changes nothing writes nothing, not even an audit row.
    if (changed.length === 0) return { row: before, wrote: false };
    const row = await updateFaq(trx, id, { ...patch, updated_by: admin.id });
    await audit(
      ctx.events,
      trx,
      admin,
      'faq_edit',
      id,
      Object.fromEntries(
        changed.map(([field, value]) => [field, { from: before[field as keyof FaqRow], to: value }]),
      ),
      meta,
    );
    return { row, wrote: true };
  });
  return toAdminFaqEntry(result.row);
}

export async function reorderFaq(
  ctx: SupportContext,
  admin: AuthUser,
  input: ReorderFaqRequest,
  meta: RequestMeta,
): Promise<AdminFaqEntry[]> {
  await inTransaction(ctx, async (trx) => {
    const before = await lockAllFaq(trx);
    const known = new Set(before.map((row) => row.id));
    if (input.ids.length !== before.length || input.ids.some((id) => !known.has(id)))
      throw new BadRequestError('ids must name every FAQ entry exactly once', 'FAQ_ORDER_INCOMPLETE');
    const from = before.map((row) => row.id);
    if (from.every((id, index) => input.ids[index] === id)) return;
    await writeFaqOrder(trx, input.ids, admin.id);
    await audit(ctx.events, trx, admin, 'faq_reorder', null, { from, to: input.ids }, meta);
  });
  return (await allFaqInOrder(ctx.db)).map(toAdminFaqEntry);
}
