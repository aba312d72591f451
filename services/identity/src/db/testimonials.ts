// Landing testimonials (migration 008): newest first; the landing reads them all (at most TESTIMONIALS_MAX).
import type { AdminTestimonial, Testimonial } from '@cropvest/contracts';
import type { Knex, Page } from '@cropvest/service-kit/db';

interface TestimonialRow {
  id: string;
  name: string;
  role: string;
  location: string;
  content: string;
  rating: number;
  consent_note: string;
  consent_recorded_at: Date;
  recorded_by: string;
}

const toPublic = (row: TestimonialRow): Testimonial => ({
  id: row.id,
  name: row.name,
  role: row.role,
  location: row.location,
  content: row.content,
  rating: row.rating,
});

const toAdmin = (row: TestimonialRow): AdminTestimonial => ({
  ...toPublic(row),
  consentNote: row.consent_note,
  consentRecordedAt: row.consent_recorded_at.toISOString(),
  recordedBy: row.recorded_by,
});

const newestFirst = (db: Knex | Knex.Transaction) =>
  db<TestimonialRow>('testimonials').orderBy([
    { column: 'consent_recorded_at', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);

export async function publishedTestimonials(db: Knex, limit: number): Promise<Testimonial[]> {
  return (await newestFirst(db).limit(limit)).map(toPublic);
}

export async function testimonialPage(
  db: Knex,
  page: { page: number; pageSize: number },
): Promise<Page<AdminTestimonial>> {
  const [rows, [count]] = await Promise.all([
    newestFirst(db)
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db('testimonials').count<{ count: string }[]>({ count: '*' }),
  ]);
  return { items: rows.map(toAdmin), total: Number(count?.count ?? 0) };
}

export async function countTestimonials(trx: Knex.Transaction): Promise<number> {
  const [count] = await trx('testimonials').count<{ count: string }[]>({ count: '*' });
  return Number(count?.count ?? 0);
}

export async function insertTestimonial(
  trx: Knex.Transaction,
  row: Omit<TestimonialRow, 'consent_recorded_at'>,
): Promise<AdminTestimonial> {
  const [inserted] = await trx<TestimonialRow>('testimonials').insert(row).returning('*');
  return toAdmin(inserted as TestimonialRow);
}

/** The removed row, or undefined when there was none. */
export async function deleteTestimonial(
  trx: Knex.Transaction,
  id: string,
): Promise<AdminTestimonial | undefined> {
  const [deleted] = await trx<TestimonialRow>('testimonials').where({ id }).delete().returning('*');
  return deleted ? toAdmin(deleted as TestimonialRow) : undefined;
}

/** Serialises additions, so two admins at once cannot pass TESTIMONIALS_MAX together. */
export async function lockTestimonials(trx: Knex.Transaction): Promise<void> {
  await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('identity.testimonials'))`);
}
