// Support: tickets investors open and admins answer, and the FAQ admins keep.
import { runService } from '@cropvest/service-kit/runtime';
import { migrations } from './db/migrations/index.ts';
import { loadSupportConfig } from './config.ts';
import { supportRoutes } from './http/routes.ts';
import { subscriptions } from './events/subscriptions.ts';

const config = loadSupportConfig();

await runService({
  name: 'support',
  schema: 'support',
  config,
  migrations,
  routers: (deps) => [supportRoutes(deps)],
  subscriptions,
});
