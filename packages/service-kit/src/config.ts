// Configuration is read once at boot from the environment and validated with zod; a bad value stops the
// boot with a message naming the variable, instead of failing later in a request.
import { z } from '@cropvest/contracts';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Settings every service has. A service extends this with its own fields. */
export const BaseServiceConfig = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url({ message: 'must be a postgres:// URL' }),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  NATS_URL: z.string().min(1),
  /** Where the identity service publishes its public signing keys (identity itself verifies locally). */
  JWKS_URL: z.url().optional(),
  BODY_LIMIT: z.string().default('100kb'),
  /** Services sit behind the gateway, which sets X-Forwarded-For; the gateway itself overrides this. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10000),
});
export type BaseServiceConfig = z.infer<typeof BaseServiceConfig>;

export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const variable = issue.path.map(String).join('.') || '(environment)';
    const value = issue.path.length === 1 ? env[String(issue.path[0])] : undefined;
    return `  ${variable}${value === undefined ? ' (not set)' : ''}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
