// One declaration per /api operation (decision 0120): each domain declares its own in `<domain>/api.ts` (and
// `<domain>/<area>-api.ts`), keyed by the operation's id; openapi.ts joins them. The gateway routes by them,
// each service registers its handlers by them (service-kit's `operationRoutes`), and the front end builds its
// calls from them (web-kit's `operationRequest`), so a path is written once.
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { ZodType } from 'zod';
import type { z } from './zod.ts';

/** Who answers an operation: a service behind the gateway, or the gateway itself (composed figures). */
export type ApiOwner = 'identity' | 'wallet' | 'plans' | 'kyc' | 'support' | 'notify' | 'chain' | 'gateway';

export interface ApiOperation {
  /** The name code calls the operation by (the key it is declared under); the OpenAPI operationId. */
  id: string;
  /** The gateway sends the operation's path here (gateway/src/routes.ts reads it from these lists). */
  owner: ApiOwner;
  method: RouteConfig['method'];
  /** `/api/...`, path parameters in braces (`/api/admin/deposits/{id}/status`). */
  path: string;
  summary: string;
  tag: string;
  auth: 'public' | 'user' | 'admin';
  body?: ZodType;
  /** The body the document shows when `body` first takes a looser shape to word its messages (the KYC form). */
  documentedBody?: ZodType;
  query?: z.ZodObject;
  /** Answers one page of the list and the number of all its rows in the X-Total-Count header. */
  paged?: boolean;
  response: ZodType;
  /** Media types of an answer that is a file rather than JSON; `response` then describes its bytes. */
  mediaTypes?: readonly string[];
  status?: number;
  /**
   * Refusals besides those every operation of its kind gets (openapi.ts: 400; 401 and 403 when signed in; 404
   * when the path names a resource), each with what it means: a 409 conflict, a 429 limit (the service's own or
   * the gateway's sign-in limit: a test holds every rate-limited gateway call to declaring it), a 404 for a
   * resource named in the body, a 403 of a public call (an upload's invalid token).
   */
  errors?: Partial<Record<403 | 404 | 409 | 429, string>>;
}

/** What an area writes for one operation: its id is the key it is declared under. */
export type OperationDeclaration = Omit<ApiOperation, 'id'>;

/** Declared operations with their ids, every literal (id, owner, method, path) kept for the callers' types. */
export type Operations<Declared extends Record<string, OperationDeclaration>> = {
  readonly [Id in keyof Declared & string]: Declared[Id] & { readonly id: Id };
};

/** An area's operations keyed by id, each naming the owner that answers it (areas answered by several). */
export function operations<const Declared extends Record<string, OperationDeclaration>>(
  declared: Declared,
): Operations<Declared> {
  return Object.fromEntries(
    Object.entries(declared).map(([id, operation]) => [id, { id, ...operation }]),
  ) as Operations<Declared>;
}

/** An area's operations keyed by id, all answered by `owner`. */
export function ownedBy<
  const Owner extends ApiOwner,
  const Declared extends Record<string, Omit<OperationDeclaration, 'owner'>>,
>(owner: Owner, declared: Declared): Operations<{ [Id in keyof Declared]: Declared[Id] & { owner: Owner } }> {
  return operations(
    Object.fromEntries(Object.entries(declared).map(([id, operation]) => [id, { owner, ...operation }])) as {
      [Id in keyof Declared]: Declared[Id] & { owner: Owner };
    },
  );
}

/**
 * The request paths of an operation's `path` (`/api/deposits/{id}/proof`): each `{parameter}` one segment, a
 * trailing slash allowed. The gateway labels its metrics by it; the journeys match the calls they wait for by it.
 */
export function operationPathPattern(path: string): RegExp {
  const pattern = path
    .split('/')
    .map((segment) => (/^\{\w+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}/?$`);
}
