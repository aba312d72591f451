export { z } from './zod.ts';
export * from './common.ts';
export * from './decimal.ts';
export * from './auth.ts';
export * from './admin-users.ts';
export * from './settings.ts';
export * from './audit.ts';
export * from './events.ts';
export { buildOpenApiDocument } from './openapi.ts';
