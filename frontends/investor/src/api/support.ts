// The Support Center's calls (spec section 7; decision 0120), each built from its operation in the contracts: own
// tickets (one server page, newest first, total in X-Total-Count), one of them for its page, opening one, and the
// published FAQ in the admins' order.
import type { PageQuery } from '@cropvest/contracts/common';
import type { FaqEntry } from '@cropvest/contracts/support/faq';
import type { CreateTicketRequest, Ticket } from '@cropvest/contracts/support/model';
import { supportOperations } from '@cropvest/contracts/browser-operations';
import { api, cacheTags, MAX_PAGE_SIZE, operationRequest, toPaged, type Paged } from '@cropvest/web-kit';

const ticketTags = cacheTags('Tickets');
const FAQ = { type: 'Faq', id: 'LIST' } as const;

export const supportApi = api.enhanceEndpoints({ addTagTypes: ['Faq'] }).injectEndpoints({
  endpoints: (build) => ({
    myTickets: build.query<Paged<Ticket>, PageQuery>({
      query: (query) => operationRequest(supportOperations.myTickets, { query }),
      transformResponse: (items: Ticket[], meta) => toPaged(items, meta),
      providesTags: ticketTags.page,
    }),
    // One ticket's page: the live stream's tickets topic refreshes it when an admin answers or moves it.
    myTicket: build.query<Ticket, string>({
      query: (id) => operationRequest(supportOperations.myTicket, { path: { id } }),
      providesTags: (_result, _error, id) => [ticketTags.one(id)],
    }),
    openTicket: build.mutation<Ticket, CreateTicketRequest>({
      query: (body) => operationRequest(supportOperations.createTicket, { body }),
      invalidatesTags: [ticketTags.list],
    }),
    // The FAQ holds at most FAQ_ENTRIES_MAX (200) entries: one page of the largest size is all of it.
    faq: build.query<FaqEntry[], void>({
      query: () => operationRequest(supportOperations.faq, { query: { pageSize: MAX_PAGE_SIZE } }),
      providesTags: [FAQ],
    }),
  }),
});

export const { useMyTicketsQuery, useMyTicketQuery, useOpenTicketMutation, useFaqQuery } = supportApi;
