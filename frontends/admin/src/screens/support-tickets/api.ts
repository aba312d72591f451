// Support Tickets' calls (spec section 7): one server page of the searched, filtered and sorted tickets (total in
// X-Total-Count), the counts per status, a status change and a response. The investor's own tickets share the
// 'Tickets' tag, so an answer given here refreshes their Support Center in the same store.
import type {
  AdminTicket,
  AdminTicketCounts,
  AdminTicketSort,
  AdminTicketStatusFilter,
  TicketStatus,
} from '@cropvest/contracts/support';
import { api, toPaged, type Paged } from '@cropvest/web-kit';

export interface TicketListArgs {
  page: number;
  pageSize: number;
  q?: string;
  status: AdminTicketStatusFilter;
  sort: AdminTicketSort;
}

const TICKET_LIST = { type: 'Tickets' as const, id: 'LIST' };

export const adminTicketsApi = api.enhanceEndpoints({ addTagTypes: ['Tickets'] }).injectEndpoints({
  endpoints: (build) => ({
    adminTickets: build.query<Paged<AdminTicket>, TicketListArgs>({
      query: (args) => ({ url: 'admin/support', params: { ...args } }),
      transformResponse: (items: AdminTicket[], meta) => toPaged(items, meta),
      providesTags: [TICKET_LIST],
    }),
    adminTicketCounts: build.query<AdminTicketCounts, { q?: string }>({
      query: ({ q }) => ({ url: 'admin/support/counts', params: { q } }),
      providesTags: [TICKET_LIST],
    }),
    setTicketStatus: build.mutation<AdminTicket, { id: string; status: TicketStatus }>({
      query: ({ id, status }) => ({
        url: ['admin', 'support', id, 'status'],
        method: 'PUT',
        body: { status },
      }),
      invalidatesTags: [TICKET_LIST],
    }),
    respondToTicket: build.mutation<AdminTicket, { id: string; response: string }>({
      query: ({ id, response }) => ({
        url: ['admin', 'support', id, 'response'],
        method: 'PUT',
        body: { response },
      }),
      invalidatesTags: [TICKET_LIST],
    }),
  }),
});

export const {
  useAdminTicketsQuery,
  useAdminTicketCountsQuery,
  useSetTicketStatusMutation,
  useRespondToTicketMutation,
} = adminTicketsApi;
