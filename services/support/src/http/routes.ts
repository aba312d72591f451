import { operationRoutes } from '@cropvest/service-kit/operations';
import type { SupportContext } from '../app/context.ts';
import { faqRoutes } from './faq-routes.ts';
import { ticketRoutes } from './ticket-routes.ts';

/** Every operation support answers, one handler each (the kit refuses a missing or doubled one). */
export const supportRoutes = (support: SupportContext) =>
  operationRoutes('support', support.verifier, [ticketRoutes(support), faqRoutes(support)]);
