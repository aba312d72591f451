// Landing testimonials: the public list the landing page reads, and the admins' management (identity service).
import { ownedBy } from '../api-operation.ts';
import { OkResponse } from './auth.ts';
import {
  AdminTestimonial,
  AdminTestimonialList,
  CreateTestimonialRequest,
  TestimonialList,
  TestimonialListQuery,
} from './testimonials.ts';

export const testimonialOperations = ownedBy('identity', {
  testimonials: {
    method: 'get',
    path: '/api/settings/testimonials',
    summary:
      'Testimonials for the landing page (only those entered with the investor’s consent; may be empty)',
    tag: 'Settings',
    auth: 'public',
    response: TestimonialList,
  },
  adminTestimonials: {
    method: 'get',
    path: '/api/admin/settings/testimonials',
    summary: 'Every testimonial with its recorded consent, newest first, one page (total in X-Total-Count)',
    tag: 'Admin: settings',
    auth: 'admin',
    query: TestimonialListQuery,
    paged: true,
    response: AdminTestimonialList,
  },
  createTestimonial: {
    method: 'post',
    path: '/api/admin/settings/testimonials',
    errors: { 409: 'The landing page holds its maximum number of testimonials' },
    summary: 'Add a testimonial; the investor’s consent to publish it must be recorded',
    tag: 'Admin: settings',
    auth: 'admin',
    body: CreateTestimonialRequest,
    response: AdminTestimonial,
    status: 201,
  },
  deleteTestimonial: {
    method: 'delete',
    path: '/api/admin/settings/testimonials/{id}',
    summary: 'Remove a testimonial from the landing page',
    tag: 'Admin: settings',
    auth: 'admin',
    response: OkResponse,
  },
});
