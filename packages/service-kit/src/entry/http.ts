// The HTTP side: the Koa app, the JSON route shapes, request meta and pages.
export * from '../http.ts';
export * from '../routes.ts';
export * from '../json-body.ts';
