// Support: tickets investors open and admins answer.
import { runService } from '@cropvest/service-kit';
import { loadSupportConfig } from './config.ts';
import { migrations } from './db/migrations/001_support.ts';
import { ticketRoutes } from './http/ticket-routes.ts';
import { adminRoutes } from './http/admin-routes.ts';
import { subscriptions } from './events/subscriptions.ts';

const config = loadSupportConfig();

await runService({
  name: 'support',
  schema: 'support',
  config,
  migrations,
  routers: (deps) => [ticketRoutes(deps), adminRoutes(deps)],
  subscriptions,
});
