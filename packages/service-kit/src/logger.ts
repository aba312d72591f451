import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs, one line each, with the service name on every line and secrets redacted. */
export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    level,
    base: { service },
    redact: {
      paths: ['req.headers.authorization', '*.password', '*.refreshToken', '*.accessToken', '*.token'],
      censor: '[redacted]',
    },
  });
}
