// The front end's calls from the contracts' operations (decision 0120): a data-layer endpoint names the
// operation it calls, never a URL, so a path is written once (in packages/contracts) and an operation renamed,
// removed or given other path parameters is a compile error wherever it is called.
import type { ApiOperation } from '@cropvest/contracts/api-operation';
import { operationCall, type OperationArgsOf } from '@cropvest/contracts/operation-call';

/** One call: what the data layer's base query sends (api.ts), whether built from an operation or not. */
export interface ApiRequest {
  /** The path of the call: an operation's, filled in (`/api/deposits/<id>/proof`), or one under /api ("auth/me"). */
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  params?: Record<string, string | number | boolean | undefined>;
}

export type {
  OperationAnswer,
  OperationArgs,
  OperationBody,
  OperationQuery,
} from '@cropvest/contracts/operation-call';

/** The request of one call of `operation`: `query: () => operationRequest(walletOperations.myDeposits, { query })`. */
export function operationRequest<Op extends ApiOperation>(
  operation: Op,
  ...args: OperationArgsOf<Op>
): ApiRequest {
  const { method, path, query, body } = operationCall(operation, ...args);
  return { url: path, method, ...(query ? { params: query } : {}), ...(body === undefined ? {} : { body }) };
}
