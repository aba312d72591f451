// Landing testimonials (issue 13 section 6): added only with the investor's consent recorded (the contract
// refuses a request without it), removed at once; every change audited as a settings action.
import { randomUUID } from 'node:crypto';
import {
  TESTIMONIALS_MAX,
  type AdminTestimonial,
  type CreateTestimonialRequest,
  type Testimonial,
  type z,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { type Page, inTransaction } from '@cropvest/service-kit/db';
import { ConflictError, NotFoundError } from '@cropvest/service-kit/errors';
import {
  countTestimonials,
  deleteTestimonial,
  insertTestimonial,
  lockTestimonials,
  publishedTestimonials,
  testimonialPage,
} from '../db/testimonials.ts';
import { type IdentityContext, type RequestMeta } from './context.ts';

/** A request as the contract parsed it (role and location default to empty). */
export type NewTestimonial = z.output<typeof CreateTestimonialRequest>;

export const landingTestimonials = (ctx: IdentityContext): Promise<Testimonial[]> =>
  publishedTestimonials(ctx.db, TESTIMONIALS_MAX);

export const adminTestimonials = (
  ctx: IdentityContext,
  page: { page: number; pageSize: number },
): Promise<Page<AdminTestimonial>> => testimonialPage(ctx.db, page);

export async function addTestimonial(
  ctx: IdentityContext,
  admin: AuthUser,
  input: NewTestimonial,
  meta: RequestMeta,
): Promise<AdminTestimonial> {
  const added = await inTransaction(ctx, async (trx) => {
    await lockTestimonials(trx);
    if ((await countTestimonials(trx)) >= TESTIMONIALS_MAX)
      throw new ConflictError(
        `The landing page holds at most ${TESTIMONIALS_MAX} testimonials; remove one first`,
        'TESTIMONIALS_FULL',
      );
    const row = await insertTestimonial(trx, {
      id: randomUUID(),
      name: input.name,
      role: input.role,
      location: input.location,
      content: input.content,
      rating: input.rating,
      consent_note: input.consentNote,
      recorded_by: admin.id,
    });
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'settings_update',
        targetId: row.id,
        targetType: 'testimonial',
        details: { change: 'testimonial_added', testimonial: row },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
    return row;
  });
  return added;
}

export async function removeTestimonial(
  ctx: IdentityContext,
  admin: AuthUser,
  id: string,
  meta: RequestMeta,
): Promise<void> {
  await inTransaction(ctx, async (trx) => {
    const removed = await deleteTestimonial(trx, id);
    if (!removed) throw new NotFoundError('Testimonial not found');
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'settings_update',
        targetId: id,
        targetType: 'testimonial',
        details: { change: 'testimonial_removed', testimonial: removed },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
  });
}
