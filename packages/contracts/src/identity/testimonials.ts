// Landing-page testimonials (issue 13 section 6; ARCHITECTURE.md section 11): only words an investor gave and
// agreed to publish, entered by an admin who records that consent. None entered: the landing hides the section.
// No amounts, returns or photos: the landing shows no figure that is not the platform's own.
import { z } from '../zod.ts';
import { PageQuery, requiredTrimmedText, Timestamp, Uuid } from '../common.ts';

/** Most testimonials kept; the landing shows them all. */
export const TESTIMONIALS_MAX = 20;

/** What the landing page shows. */
export const Testimonial = z
  .object({
    id: Uuid,
    name: z.string(),
    role: z.string(),
    location: z.string(),
    content: z.string(),
    /** Out of 5, as the investor gave it. */
    rating: z.number().int().min(1).max(5),
  })
  .openapi('Testimonial');
export type Testimonial = z.infer<typeof Testimonial>;
export const TestimonialList = z.array(Testimonial).openapi('TestimonialList');

/** What admins see: also how and when consent was recorded, and by whom. */
export const AdminTestimonial = Testimonial.extend({
  consentNote: z.string(),
  consentRecordedAt: Timestamp,
  recordedBy: Uuid,
}).openapi('AdminTestimonial');
export type AdminTestimonial = z.infer<typeof AdminTestimonial>;
export const AdminTestimonialList = z.array(AdminTestimonial).openapi('AdminTestimonialList');

export const TestimonialListQuery = PageQuery.strict().openapi('TestimonialListQuery');

export const CreateTestimonialRequest = z
  .object({
    name: requiredTrimmedText('Name', 100, 2),
    role: z.string().trim().max(100, 'Role must be at most 100 characters').default(''),
    location: z.string().trim().max(100, 'Location must be at most 100 characters').default(''),
    content: requiredTrimmedText('Testimonial', 1000, 10),
    rating: z.coerce
      .number({ message: 'Rating must be a number from 1 to 5' })
      .int('Rating must be a whole number from 1 to 5')
      .min(1, 'Rating must be a number from 1 to 5')
      .max(5, 'Rating must be a number from 1 to 5'),
    consent: z.literal(true, {
      message: "The investor's consent to publish must be recorded",
    }),
    consentNote: requiredTrimmedText('How consent was given', 300, 5),
  })
  .strict()
  .openapi('CreateTestimonialRequest');
export type CreateTestimonialRequest = z.input<typeof CreateTestimonialRequest>;
