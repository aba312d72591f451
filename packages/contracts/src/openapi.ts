// The OpenAPI 3.1 document, generated from the same schemas the services validate with.
// Each area lists its operations in `<area>-api.ts`; add the list to `operations` below.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { ErrorBody, IdParam, TOTAL_COUNT_HEADER } from './common.ts';
import type { ApiOperation } from './api-operation.ts';
import { identityOperations } from './identity-api.ts';
import { dashboardOperations } from './dashboard-api.ts';
import { walletOperations } from './wallet-api.ts';
import { supportOperations } from './support-api.ts';
import { notificationOperations } from './notifications-api.ts';
import { kycOperations } from './kyc-api.ts';
import { plansOperations } from './plans-api.ts';
import { statementOperations } from './statement-api.ts';

const operations: ApiOperation[] = [
  ...identityOperations,
  ...dashboardOperations,
  ...walletOperations,
  ...statementOperations,
  ...supportOperations,
  ...notificationOperations,
  ...kycOperations,
  ...plansOperations,
];

export function buildOpenApiDocument(): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  const registry = new OpenAPIRegistry();
  registry.register('Error', ErrorBody);
  const bearer = registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  const totalCountHeader = {
    description: 'How many rows match in all pages',
    schema: { type: 'integer' as const, minimum: 0 },
  };
  const errorResponse = (description: string) => ({
    description,
    content: { 'application/json': { schema: ErrorBody } },
  });

  for (const op of operations) {
    registry.registerPath({
      method: op.method,
      path: op.path,
      summary: op.summary,
      tags: [op.tag],
      security: op.auth === 'public' ? [] : [{ [bearer.name]: [] }],
      request: {
        ...(op.params ? { params: IdParam } : {}),
        ...(op.query ? { query: op.query } : {}),
        ...(op.body ? { body: { content: { 'application/json': { schema: op.body } } } } : {}),
      },
      responses: {
        [op.status ?? 200]: {
          description: 'Success',
          ...(op.paged ? { headers: { [TOTAL_COUNT_HEADER]: totalCountHeader } } : {}),
          content: Object.fromEntries(
            (op.mediaTypes ?? ['application/json']).map((type) => [type, { schema: op.response }]),
          ),
        },
        400: errorResponse('Invalid input'),
        ...(op.auth !== 'public' ? { 401: errorResponse('Missing or invalid token') } : {}),
        ...(op.auth === 'admin' ? { 403: errorResponse('Not an admin') } : {}),
      },
    });
  }

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'CropVest API',
      version: '1.0.0',
      description: 'Every /api call of the crop-season investment platform.',
    },
    servers: [{ url: '/' }],
  });
}
