// The OpenAPI 3.1 document, generated from the same schemas the services validate with.
// Each domain declares its operations in `<domain>/api.ts` and `<domain>/<area>-api.ts` by id, each with its owner; add the area to
// `operationsById` below. The gateway routes by the same list (gateway/src/routes.ts).
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { ErrorBody, TOTAL_COUNT_HEADER, Uuid } from './common.ts';
import { z } from './zod.ts';
import type { ApiOperation } from './api-operation.ts';
import { identityOperations } from './identity/api.ts';
import { dashboardOperations } from './reports/dashboard-api.ts';
import { walletOperations } from './wallet/api.ts';
import { supportOperations } from './support/api.ts';
import { notificationOperations } from './notify/api.ts';
import { kycOperations } from './kyc/api.ts';
import { plansOperations } from './plans/api.ts';
import { fundingOperations } from './plans/funding-api.ts';
import { suitabilityOperations } from './plans/suitability-api.ts';
import { keyInformationOperations } from './plans/key-information-api.ts';
import { fieldReportOperations } from './plans/field-reports-api.ts';
import { statementOperations } from './wallet/statement-api.ts';
import { reportOperations } from './reports/api.ts';
import { testimonialOperations } from './identity/testimonials-api.ts';
import { exportOperations } from './reports/exports-api.ts';
import { chainOperations } from './chain/api.ts';
import { reserveOperations } from './chain/reserves-api.ts';
import { unmatchedOperations } from './chain/unmatched-api.ts';
import { addressBookOperations } from './wallet/address-book-api.ts';
import { withdrawalLimitOperations } from './wallet/withdrawal-limits-api.ts';
import { withdrawalHoldOperations } from './wallet/withdrawal-holds-api.ts';
import { antiPhishingOperations } from './identity/anti-phishing-api.ts';
import { accountProtectionOperations } from './identity/account-protection-api.ts';

/** Every /api operation by id: the document is generated from them, and the gateway routes by them. */
export const operationsById = {
  ...identityOperations,
  ...testimonialOperations,
  ...dashboardOperations,
  ...walletOperations,
  ...statementOperations,
  ...supportOperations,
  ...notificationOperations,
  ...kycOperations,
  ...plansOperations,
  ...fundingOperations,
  ...suitabilityOperations,
  ...keyInformationOperations,
  ...fieldReportOperations,
  ...reportOperations,
  ...exportOperations,
  ...chainOperations,
  ...reserveOperations,
  ...unmatchedOperations,
  ...addressBookOperations,
  ...withdrawalLimitOperations,
  ...accountProtectionOperations,
  ...withdrawalHoldOperations,
  ...antiPhishingOperations,
};

/** Every /api operation, in the order of the areas above. */
export const apiOperations: readonly ApiOperation[] = Object.values(operationsById);

/** An upload's signed `{token}` is opaque text; every other path parameter names a resource by its UUID. */
const pathParameters = (names: string[]) =>
  z.object(
    Object.fromEntries(
      names.map((name) => [
        name,
        name === 'token'
          ? z.string().min(1).openapi({ description: 'The signed token of the upload address' })
          : Uuid,
      ]),
    ),
  );

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

  for (const op of apiOperations) {
    const signedIn = op.auth !== 'public';
    const pathParams = [...op.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
    const refusals: Record<number, string | undefined> = {
      400: 'Invalid input',
      ...(signedIn ? { 401: 'Missing, invalid or expired token' } : {}),
      ...(signedIn
        ? {
            403:
              op.auth === 'admin' ? 'Not an admin, or the account is suspended' : 'The account is suspended',
          }
        : {}),
      ...(pathParams.length
        ? { 404: op.auth === 'user' ? 'No such resource of yours' : 'No such resource' }
        : {}),
      ...op.errors,
    };
    const body = op.documentedBody ?? op.body;
    registry.registerPath({
      method: op.method,
      path: op.path,
      operationId: op.id,
      summary: op.summary,
      tags: [op.tag],
      // OpenAPI 3.1 lets a bearer requirement name the roles it needs: the security suites read the admin guard here.
      security: signedIn ? [{ [bearer.name]: op.auth === 'admin' ? ['admin'] : [] }] : [],
      request: {
        ...(pathParams.length ? { params: pathParameters(pathParams) } : {}),
        ...(op.query ? { query: op.query } : {}),
        ...(body ? { body: { content: { 'application/json': { schema: body } } } } : {}),
      },
      responses: {
        [op.status ?? 200]: {
          description: 'Success',
          ...(op.paged ? { headers: { [TOTAL_COUNT_HEADER]: totalCountHeader } } : {}),
          content: Object.fromEntries(
            (op.mediaTypes ?? ['application/json']).map((type) => [type, { schema: op.response }]),
          ),
        },
        ...Object.fromEntries(
          Object.entries(refusals).map(([status, description]) => [status, errorResponse(description ?? '')]),
        ),
      },
    });
  }

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'CropVest API',
      version: '1.0.0',
      description: 'Every /api call of the crop-season investment platform.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-CropVest-Proprietary' },
    },
    servers: [{ url: '/' }],
  });
}
