// The Support Center's calls (spec section 7): own tickets (one server page, newest first, total in
// X-Total-Count), opening one, and the published FAQ in the admins' order.
import type { FaqEntry } from '@cropvest/contracts/faq';
import type { CreateTicketRequest, Ticket } from '@cropvest/contracts/support';
import { api, MAX_PAGE_SIZE, toPaged, type Paged } from '@cropvest/web-kit';

export interface PageArgs {
  page: number;
  pageSize: number;
}

export const supportApi = api.enhanceEndpoints({ addTagTypes: ['Tickets', 'Faq'] }).injectEndpoints({
  endpoints: (build) => ({
    myTickets: build.query<Paged<Ticket>, PageArgs>({
      query: (params) => ({ url: 'support', params: { ...params } }),
      transformResponse: (items: Ticket[], meta) => toPaged(items, meta),
      providesTags: (result) => [
        ...(result?.items ?? []).map((ticket) => ({ type: 'Tickets' as const, id: ticket.id })),
        { type: 'Tickets', id: 'LIST' },
      ],
    }),
    openTicket: build.mutation<Ticket, CreateTicketRequest>({
      query: (body) => ({ url: 'support', method: 'POST', body }),
      invalidatesTags: [{ type: 'Tickets', id: 'LIST' }],
    }),
    // The FAQ holds at most FAQ_ENTRIES_MAX (200) entries: one page of the largest size is all of it.
    faq: build.query<FaqEntry[], void>({
      query: () => ({ url: 'faq', params: { pageSize: MAX_PAGE_SIZE } }),
      providesTags: [{ type: 'Faq', id: 'LIST' }],
    }),
  }),
});

export const { useMyTicketsQuery, useOpenTicketMutation, useFaqQuery } = supportApi;
