// The admin's support calls (spec section 7; decision 0120), each built from its operation in the contracts:
// Support Tickets' one server page of the searched, filtered and sorted tickets (total in X-Total-Count), the counts
// per status, one ticket for its page, a status change and a response; the user page's tickets section; and FAQ Management's entries (drafts
// too) in order, add, edit or publish, and reorder. The investors' own tickets share the 'Tickets' tag and their
// Support Center reads the same FAQ ('Faq'), so a change here refreshes them in the same store.
import { supportOperations } from '@cropvest/contracts/browser-operations';
import type {
  AdminFaqEntry,
  CreateFaqRequest,
  ReorderFaqRequest,
  UpdateFaqRequest,
} from '@cropvest/contracts/support/faq';
import type {
  AdminTicket,
  AdminTicketCounts,
  AdminTicketSort,
  AdminTicketStatusFilter,
  TicketStatus,
} from '@cropvest/contracts/support/model';
import { api, cacheTags, MAX_PAGE_SIZE, operationRequest, toPaged, type Paged } from '@cropvest/web-kit';
import { userPageTags, userSectionQuery, type SectionArgs } from './user-page.ts';

export interface TicketListArgs {
  page: number;
  pageSize: number;
  q?: string;
  status: AdminTicketStatusFilter;
  sort: AdminTicketSort;
}

const ticketTags = cacheTags('Tickets');
const faqTags = cacheTags('Faq');

export const adminSupportApi = api.enhanceEndpoints({ addTagTypes: ['Faq'] }).injectEndpoints({
  endpoints: (build) => ({
    adminTickets: build.query<Paged<AdminTicket>, TicketListArgs>({
      query: (query) => operationRequest(supportOperations.adminTickets, { query }),
      transformResponse: (items: AdminTicket[], meta) => toPaged(items, meta),
      providesTags: [ticketTags.list],
    }),
    adminTicketCounts: build.query<AdminTicketCounts, { q?: string }>({
      query: ({ q }) => operationRequest(supportOperations.adminTicketCounts, { query: { q } }),
      providesTags: [ticketTags.list],
    }),
    adminTicket: build.query<AdminTicket, string>({
      query: (id) => operationRequest(supportOperations.adminTicket, { path: { id } }),
      providesTags: (_result, _error, id) => [ticketTags.one(id)],
    }),
    setTicketStatus: build.mutation<AdminTicket, { id: string; status: TicketStatus }>({
      query: ({ id, status }) =>
        operationRequest(supportOperations.updateTicketStatus, { path: { id }, body: { status } }),
      invalidatesTags: (_result, _error, { id }) => ticketTags.changed(id),
    }),
    respondToTicket: build.mutation<AdminTicket, { id: string; response: string }>({
      query: ({ id, response }) =>
        operationRequest(supportOperations.respondToTicket, { path: { id }, body: { response } }),
      invalidatesTags: (_result, _error, { id }) => ticketTags.changed(id),
    }),
    userTickets: build.query<Paged<AdminTicket>, SectionArgs>({
      query: (args) => operationRequest(supportOperations.adminTickets, { query: userSectionQuery(args) }),
      transformResponse: (items: AdminTicket[], meta) => toPaged(items, meta),
      providesTags: (_result, _error, { userId }) => [userPageTags.one(userId)],
    }),

    // The FAQ holds at most FAQ_ENTRIES_MAX (200) entries; a reorder names them all, so all are read.
    adminFaq: build.query<AdminFaqEntry[], void>({
      query: () => operationRequest(supportOperations.adminFaq, { query: { pageSize: MAX_PAGE_SIZE } }),
      providesTags: [faqTags.list],
    }),
    addFaq: build.mutation<AdminFaqEntry, CreateFaqRequest>({
      query: (body) => operationRequest(supportOperations.createFaqEntry, { body }),
      invalidatesTags: [faqTags.list],
    }),
    editFaq: build.mutation<AdminFaqEntry, { id: string; patch: UpdateFaqRequest }>({
      query: ({ id, patch }) =>
        operationRequest(supportOperations.updateFaqEntry, { path: { id }, body: patch }),
      invalidatesTags: [faqTags.list],
    }),
    reorderFaq: build.mutation<AdminFaqEntry[], ReorderFaqRequest>({
      query: (body) => operationRequest(supportOperations.reorderFaq, { body }),
      invalidatesTags: [faqTags.list],
    }),
  }),
});

export const {
  useAdminTicketsQuery,
  useAdminTicketCountsQuery,
  useAdminTicketQuery,
  useSetTicketStatusMutation,
  useRespondToTicketMutation,
  useUserTicketsQuery,
  useAdminFaqQuery,
  useAddFaqMutation,
  useEditFaqMutation,
  useReorderFaqMutation,
} = adminSupportApi;
