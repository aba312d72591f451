// The OpenAPI document generated from packages/contracts, and a browsable Swagger UI page for it.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import Router from '@koa/router';
import { buildOpenApiDocument } from '@cropvest/contracts';

const require = createRequire(import.meta.url);
const swaggerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>CropVest API</title><link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="swagger"></div><script src="/api/docs/swagger-ui-bundle.js"></script><script src="/api/docs/init.js"></script></body></html>`;
// Kept out of the page so the Content-Security-Policy can forbid inline scripts.
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger', deepLinking: true });`;

export function docsRoutes(): Router {
  const document = JSON.stringify(buildOpenApiDocument());
  const router = new Router({ prefix: '/api' });
  router.get('/openapi.json', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = document;
  });
  router.get('/docs', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = PAGE;
  });
  router.get('/docs/init.js', (ctx) => {
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.body = INIT;
  });
  router.get('/docs/:asset', (ctx, next) => {
    const type = ASSETS[ctx.params.asset ?? ''];
    if (!type) return next();
    ctx.type = type;
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = createReadStream(path.join(swaggerDir, ctx.params.asset as string));
  });
  return router;
}
