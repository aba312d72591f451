// Support: tickets investors open and admins answer, and the FAQ admins keep.
import { runService } from '@cropvest/service-kit';
import { loadSupportConfig } from './config.ts';
import { supportSchema } from './db/migrations/001_support.ts';
import { faqSchema } from './db/migrations/002_faq.ts';
import { ticketAdminList } from './db/migrations/003_admin_list.ts';
import { ticketRoutes } from './http/ticket-routes.ts';
import { adminRoutes } from './http/admin-routes.ts';
import { adminFaqRoutes, faqRoutes } from './http/faq-routes.ts';
import { subscriptions } from './events/subscriptions.ts';

const config = loadSupportConfig();

await runService({
  name: 'support',
  schema: 'support',
  config,
  migrations: [supportSchema, faqSchema, ticketAdminList],
  routers: (deps) => [ticketRoutes(deps), adminRoutes(deps), faqRoutes(deps), adminFaqRoutes(deps)],
  subscriptions,
});
