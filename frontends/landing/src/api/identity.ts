// The landing page's testimonials call on the shared API, built from its operation in the contracts (decision
// 0120): only those an admin entered with the investor's consent recorded (spec section 2; issue 13 section 6).
import type { Testimonial } from '@cropvest/contracts/identity/testimonials';
import { testimonialOperations } from '@cropvest/contracts/browser-operations';
import { api, operationRequest } from '@cropvest/web-kit';

const landingIdentityApi = api.injectEndpoints({
  endpoints: (build) => ({
    landingTestimonials: build.query<Testimonial[], void>({
      query: () => operationRequest(testimonialOperations.testimonials),
      providesTags: ['Settings'],
    }),
  }),
});

export const { useLandingTestimonialsQuery } = landingIdentityApi;
