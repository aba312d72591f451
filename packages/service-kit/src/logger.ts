import { pino, type Logger } from 'pino';
import { traceLogFields } from './tracing.ts';

export type { Logger };

/** JSON logs, one line each, with the service name (and the trace id when tracing) on every line and secrets redacted. */
export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    level,
    base: { service },
    mixin: traceLogFields,
    redact: {
      paths: ['req.headers.authorization', '*.password', '*.refreshToken', '*.accessToken', '*.token'],
      censor: '[redacted]',
    },
  });
}
