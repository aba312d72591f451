// FAQ Management's calls: every entry (drafts too) in order, add, edit or publish, reorder. The investors'
// Support Center reads the same entries (tag 'Faq'), so a change here refreshes it in the same store.
import type {
  AdminFaqEntry,
  CreateFaqRequest,
  ReorderFaqRequest,
  UpdateFaqRequest,
} from '@cropvest/contracts/faq';
import { api, MAX_PAGE_SIZE } from '@cropvest/web-kit';

const FAQ_LIST = { type: 'Faq' as const, id: 'LIST' };

export const faqAdminApi = api.enhanceEndpoints({ addTagTypes: ['Faq'] }).injectEndpoints({
  endpoints: (build) => ({
    // The FAQ holds at most FAQ_ENTRIES_MAX (200) entries; a reorder names them all, so all are read.
    adminFaq: build.query<AdminFaqEntry[], void>({
      query: () => ({ url: 'admin/faq', params: { pageSize: MAX_PAGE_SIZE } }),
      providesTags: [FAQ_LIST],
    }),
    addFaq: build.mutation<AdminFaqEntry, CreateFaqRequest>({
      query: (body) => ({ url: 'admin/faq', method: 'POST', body }),
      invalidatesTags: [FAQ_LIST],
    }),
    editFaq: build.mutation<AdminFaqEntry, { id: string; patch: UpdateFaqRequest }>({
      query: ({ id, patch }) => ({ url: ['admin', 'faq', id], method: 'PUT', body: patch }),
      invalidatesTags: [FAQ_LIST],
    }),
    reorderFaq: build.mutation<AdminFaqEntry[], ReorderFaqRequest>({
      query: (body) => ({ url: 'admin/faq/order', method: 'PUT', body }),
      invalidatesTags: [FAQ_LIST],
    }),
  }),
});

export const { useAdminFaqQuery, useAddFaqMutation, useEditFaqMutation, useReorderFaqMutation } = faqAdminApi;
