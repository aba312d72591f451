// The support service's operations: investors' own tickets, and the admin desk.
import type { ApiOperation } from './api-operation.ts';
import {
  AdminTicket,
  AdminTicketList,
  AdminTicketQuery,
  CreateTicketRequest,
  Ticket,
  TicketList,
  TicketResponseRequest,
  TicketStatusRequest,
} from './support.ts';

export const supportOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/support',
    summary: 'My support tickets, newest first',
    tag: 'Support',
    auth: 'user',
    response: TicketList,
  },
  {
    method: 'post',
    path: '/api/support',
    summary: 'Open a support ticket',
    tag: 'Support',
    auth: 'user',
    body: CreateTicketRequest,
    response: Ticket,
    status: 201,
  },
  {
    method: 'get',
    path: '/api/admin/support',
    summary: 'All tickets with who opened them, newest first',
    tag: 'Admin: support',
    auth: 'admin',
    query: AdminTicketQuery,
    response: AdminTicketList,
  },
  {
    method: 'put',
    path: '/api/admin/support/{id}/status',
    summary: "Set a ticket's status (any of the four) and assignee",
    tag: 'Admin: support',
    auth: 'admin',
    params: true,
    body: TicketStatusRequest,
    response: AdminTicket,
  },
  {
    method: 'put',
    path: '/api/admin/support/{id}/response',
    summary: 'Answer a ticket (replaces an earlier answer)',
    tag: 'Admin: support',
    auth: 'admin',
    params: true,
    body: TicketResponseRequest,
    response: AdminTicket,
  },
];
