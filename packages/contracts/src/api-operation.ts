// One entry per /api operation; each area lists its own in `<area>-api.ts`, and openapi.ts joins them.
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { ZodType } from 'zod';
import type { z } from './zod.ts';

/** Who answers an operation: a service behind the gateway, or the gateway itself (composed figures). */
export type ApiOwner = 'identity' | 'wallet' | 'plans' | 'kyc' | 'support' | 'notify' | 'chain' | 'gateway';

export interface ApiOperation {
  /** The gateway sends the operation's path here (gateway/src/routes.ts reads it from these lists). */
  owner: ApiOwner;
  method: RouteConfig['method'];
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
  mediaTypes?: string[];
  status?: number;
  /**
   * Refusals besides those every operation of its kind gets (openapi.ts: 400; 401 and 403 when signed in; 404
   * when the path names a resource), each with what it means: a 409 conflict, a 429 limit (the service's own or
   * the gateway's sign-in limit: a test holds every rate-limited gateway call to declaring it), a 404 for a
   * resource named in the body, a 403 of a public call (an upload's invalid token).
   */
  errors?: Partial<Record<403 | 404 | 409 | 429, string>>;
}

/** An area's operations, all answered by `owner`. */
export const ownedBy = (owner: ApiOwner, operations: Omit<ApiOperation, 'owner'>[]): ApiOperation[] =>
  operations.map((operation) => ({ owner, ...operation }));
