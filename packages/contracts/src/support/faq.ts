// The Support Center's FAQ (spec section 2: a single-open accordion; section 9: six entries), owned by the
// support service and managed by admins on /admin/support/faq: add, edit, reorder, publish and unpublish.
import { z } from '../zod.ts';
import { PageQuery, requiredTrimmedText, Timestamp, Uuid } from '../common.ts';

export const FAQ_QUESTION_MAX = 300;
export const FAQ_ANSWER_MAX = 5000;
/** Most entries the FAQ may hold; the reorder call names them all in one request. */
export const FAQ_ENTRIES_MAX = 200;

/** An entry as the investors' FAQ shows it (published entries only, in the admins' order). */
export const FaqEntry = z.object({ id: Uuid, question: z.string(), answer: z.string() }).openapi('FaqEntry');
export type FaqEntry = z.infer<typeof FaqEntry>;
export const FaqList = z.array(FaqEntry).openapi('FaqList');

/** An entry as the admins' FAQ Management lists it: also the drafts, with their place and dates. */
export const AdminFaqEntry = FaqEntry.extend({
  position: z.number().int().min(1),
  published: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
}).openapi('AdminFaqEntry');
export type AdminFaqEntry = z.infer<typeof AdminFaqEntry>;
export const AdminFaqList = z.array(AdminFaqEntry).openapi('AdminFaqList');

export const FaqListQuery = PageQuery.strict().openapi('FaqListQuery');
export type FaqListQuery = z.infer<typeof FaqListQuery>;

/** A new entry goes last; it is a draft unless `published` says otherwise. */
export const CreateFaqRequest = z
  .object({
    question: requiredTrimmedText('Question', FAQ_QUESTION_MAX),
    answer: requiredTrimmedText('Answer', FAQ_ANSWER_MAX),
    published: z.boolean({ message: 'published must be true or false' }).default(false),
  })
  .strict()
  .openapi('CreateFaqRequest');
export type CreateFaqRequest = z.infer<typeof CreateFaqRequest>;

/** Edit the text, publish or unpublish; only the fields sent change. */
export const UpdateFaqRequest = z
  .object({
    question: requiredTrimmedText('Question', FAQ_QUESTION_MAX).optional(),
    answer: requiredTrimmedText('Answer', FAQ_ANSWER_MAX).optional(),
    published: z.boolean({ message: 'published must be true or false' }).optional(),
  })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Nothing to update' })
  .openapi('UpdateFaqRequest');
export type UpdateFaqRequest = z.infer<typeof UpdateFaqRequest>;

/** The new order: every entry's id exactly once, first to last. */
export const ReorderFaqRequest = z
  .object({
    ids: z
      .array(z.uuid({ message: 'ids must hold valid entry ids' }), {
        error: () => 'ids is required: every entry id in the new order',
      })
      .min(1, 'ids must name every entry')
      .max(FAQ_ENTRIES_MAX, `At most ${FAQ_ENTRIES_MAX} entries`)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'ids must not repeat an entry' }),
  })
  .strict()
  .openapi('ReorderFaqRequest');
export type ReorderFaqRequest = z.infer<typeof ReorderFaqRequest>;
