import { handlers } from '@cropvest/service-kit/operations';
import * as testimonials from '../app/testimonials.ts';
import type { IdentityContext } from '../app/context.ts';

/** The landing page's testimonials: shown to anyone, kept by admins in Settings. */
export const testimonialRoutes = (identity: IdentityContext) =>
  handlers('identity', {
    testimonials: () => testimonials.landingTestimonials(identity),
    adminTestimonials: ({ query }) => testimonials.adminTestimonials(identity, query),
    createTestimonial: ({ actor, body, meta }) => testimonials.addTestimonial(identity, actor, body, meta),
    deleteTestimonial: async ({ actor, id, meta }) => {
      await testimonials.removeTestimonial(identity, actor, id, meta);
      return { ok: true } as const;
    },
  });
