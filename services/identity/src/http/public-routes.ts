import Router from '@koa/router';
import * as settings from '../app/settings.ts';
import { landingTestimonials } from '../app/testimonials.ts';
import type { IdentityContext } from '../app/context.ts';

export function publicRoutes(identity: IdentityContext): Router {
  const router = new Router();
  router.get('/api/settings/public', async (ctx) => {
    ctx.body = await settings.publicSettings(identity);
  });
  router.get('/api/settings/testimonials', async (ctx) => {
    ctx.body = await landingTestimonials(identity);
  });
  // Internal: the public half of the signing key, for the gateway and every service to verify tokens.
  router.get('/.well-known/jwks.json', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = { keys: [identity.issuer.key.publicJwk] };
  });
  return router;
}
