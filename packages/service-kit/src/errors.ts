// The small set of errors a handler may throw; one middleware turns them into `{ message, code }` with the
// right status. Anything else is a bug: logged in full, answered as a masked 500.
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { ErrorBody } from '@cropvest/contracts';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, issues?: { path: string; message: string }[]) {
    super(400, 'VALIDATION_FAILED', message, issues);
  }
}
export class BadRequestError extends AppError {
  constructor(message: string, code = 'BAD_REQUEST') {
    super(400, code, message);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required', code = 'UNAUTHORIZED') {
    super(401, code, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You do not have access to this resource', code = 'FORBIDDEN') {
    super(403, code, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found', code = 'NOT_FOUND') {
    super(404, code, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, code = 'CONFLICT') {
    super(409, code, message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message: string, code = 'TOO_MANY_REQUESTS') {
    super(429, code, message);
  }
}
export class ServiceUnavailableError extends AppError {
  constructor(message: string, code = 'SERVICE_UNAVAILABLE') {
    super(503, code, message);
  }
}

/** Statuses that Koa's own helpers (body parser, router) raise with `expose: true`. */
function isHttpError(error: unknown): error is { status: number; message: string; expose?: boolean } {
  return (
    typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    typeof (error as { status: unknown }).status === 'number'
  );
}

/** Codes of the statuses Koa and its router answer by themselves. */
const STATUS_CODES: Record<number, string> = {
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  501: 'NOT_IMPLEMENTED',
};

export function errorBody(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: { message: error.message, code: error.code, ...(error.issues ? { issues: error.issues } : {}) },
    };
  }
  if (isHttpError(error) && error.status >= 400 && error.status < 500) {
    return {
      status: error.status,
      body: {
        message: error.expose ? error.message : 'Bad request',
        code: STATUS_CODES[error.status] ?? 'BAD_REQUEST',
      },
    };
  }
  return { status: 500, body: { message: 'Internal server error', code: 'INTERNAL' } };
}

export function errorMiddleware(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      // A status set without a body (no route: 404; the router's 405 and 501) still answers the JSON error.
      if (ctx.status >= 400 && ctx.body == null) {
        const status = ctx.status;
        ctx.body = {
          message:
            status === 404
              ? `No route for ${ctx.method} ${ctx.path}`
              : status === 405
                ? `${ctx.method} is not allowed here${ctx.response.get('Allow') ? `; allowed: ${ctx.response.get('Allow')}` : ''}`
                : (ctx.message ?? 'Request refused'),
          code: STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST'),
        } satisfies ErrorBody;
        ctx.status = status;
      }
    } catch (error) {
      const { status, body } = errorBody(error);
      if (status >= 500)
        logger.error({ err: error, requestId: ctx.state.requestId, path: ctx.path }, 'unhandled error');
      ctx.status = status;
      ctx.body = { ...body, requestId: ctx.state.requestId as string | undefined };
    }
  };
}
