// System Settings' calls: all sections in one read, each section saved on its own, and the landing testimonials.
// A save answers every section, which becomes the cached read at once (no second request). The public settings
// the shell reads (maintenance, registrations, live chat) are refreshed by their own tag.
import type { AllSettings, SettingsPatchRequest } from '@cropvest/contracts/settings';
import type { AdminTestimonial, CreateTestimonialRequest } from '@cropvest/contracts/testimonials';
import { api, toPaged, type Paged } from '@cropvest/web-kit';

const TESTIMONIALS = { type: 'Testimonials' as const, id: 'LIST' };

export const settingsApi = api
  .enhanceEndpoints({ addTagTypes: ['AdminSettings', 'Testimonials'] })
  .injectEndpoints({
    endpoints: (build) => ({
      adminSettings: build.query<AllSettings, void>({
        query: () => 'admin/settings',
        providesTags: ['AdminSettings'],
      }),
      saveSettings: build.mutation<AllSettings, SettingsPatchRequest>({
        query: (body) => ({ url: 'admin/settings', method: 'PATCH', body }),
        invalidatesTags: ['Settings'],
        async onQueryStarted(_patch, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            void dispatch(settingsApi.util.upsertQueryData('adminSettings', undefined, data));
          } catch {
            // A refused save changed nothing; the form reports it.
          }
        },
      }),
      adminTestimonials: build.query<Paged<AdminTestimonial>, { page: number; pageSize: number }>({
        query: (params) => ({ url: 'admin/settings/testimonials', params }),
        transformResponse: toPaged,
        providesTags: [TESTIMONIALS],
      }),
      addTestimonial: build.mutation<AdminTestimonial, CreateTestimonialRequest>({
        query: (body) => ({ url: 'admin/settings/testimonials', method: 'POST', body }),
        // 'Settings' is what the landing page's list is cached under.
        invalidatesTags: [TESTIMONIALS, 'Settings'],
      }),
      removeTestimonial: build.mutation<{ ok: true }, string>({
        query: (id) => ({ url: ['admin', 'settings', 'testimonials', id], method: 'DELETE' }),
        invalidatesTags: [TESTIMONIALS, 'Settings'],
      }),
    }),
  });

export const {
  useAdminSettingsQuery,
  useSaveSettingsMutation,
  useAdminTestimonialsQuery,
  useAddTestimonialMutation,
  useRemoveTestimonialMutation,
} = settingsApi;
