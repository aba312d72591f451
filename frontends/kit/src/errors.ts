// The spec's error rule (section 8): any non-OK response becomes an error whose message is the status code,
// a colon and a space, then the response body text (or the status text when the body is empty). Toasts
// prefer the server's own message, which the gateway and services send as JSON { message, code }, in the page's
// language when it is one of the known texts (decision 0129).
import { knownText } from '@cropvest/web-kit/known-texts';

export interface ApiError {
  status: number;
  /** "<status>: <body text>" */
  message: string;
  /** The `message` field of a JSON error body, when there is one. */
  serverMessage?: string;
  code?: string;
  /** Field problems the server named (`issues` of the JSON error body), e.g. { path: 'amount', message }. */
  issues?: { path: string; message: string }[];
}

export function toApiError(status: number, statusText: string, bodyText: string): ApiError {
  const error: ApiError = { status, message: `${status}: ${bodyText || statusText}` };
  try {
    const body = JSON.parse(bodyText) as { message?: unknown; code?: unknown; issues?: unknown };
    if (typeof body.message === 'string' && body.message) error.serverMessage = body.message;
    if (typeof body.code === 'string') error.code = body.code;
    if (Array.isArray(body.issues))
      error.issues = body.issues.filter(
        (issue): issue is { path: string; message: string } =>
          typeof (issue as { path?: unknown }).path === 'string' &&
          typeof (issue as { message?: unknown }).message === 'string',
      );
  } catch {
    // not JSON: the message is the text itself
  }
  return error;
}

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiError).status === 'number' &&
    typeof (value as ApiError).message === 'string'
  );
}

/** What a toast says for a failed call: the server's message (in the page's language), else the given fallback. */
export function toastMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.serverMessage ? knownText(error.serverMessage) : fallback;
}

/**
 * A call to a service that is not deployed yet, or is down, answers 404 "No route" or 503 from the
 * gateway: screens show that the feature is not available instead of an error.
 */
export function isUnavailable(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return (
    error.status === 503 ||
    error.status === 502 ||
    error.status === 504 ||
    (error.status === 404 && (error.code === 'NOT_FOUND' || !error.code) && /No route/i.test(error.message))
  );
}
