// A journey names the /api call it waits for, holds or answers by its operation in the contracts
// (packages/contracts, decision 0120), never by a URL string: a path renamed there is a compile error here too, and
// a call is told apart from another on the same path by its method.
import type { Request, Response } from '@playwright/test';
import { operationPathPattern, type ApiOperation } from '@cropvest/contracts/api-operation';

type Operation = Pick<ApiOperation, 'method' | 'path'>;

const pathOf = (operation: Operation) => operationPathPattern(operation.path);

/** True for a request of `operation`: its method, and its path with any parameters and any query. */
export function isCallOf(operation: Operation, request: Request): boolean {
  return (
    request.method() === operation.method.toUpperCase() &&
    pathOf(operation).test(new URL(request.url()).pathname)
  );
}

/** For `page.waitForResponse`: the answer to a call of `operation`, of `status` when given. */
export const answerTo =
  (operation: Operation, status?: number) =>
  (response: Response): boolean =>
    isCallOf(operation, response.request()) && (status === undefined || response.status() === status);

/**
 * For `page.route` and `page.unroute` (keep the one matcher for both): a URL on the path of any of `operations`,
 * with any query, whatever the method (a handler that must tell them apart asks `isCallOf`).
 */
export function onPathOf(...operations: Operation[]): (url: URL) => boolean {
  const patterns = operations.map(pathOf);
  return (url) => patterns.some((pattern) => pattern.test(url.pathname));
}
