// Configuration is read once at boot from the environment and validated with zod; a bad value stops the
// boot with a message naming the variable, instead of failing later in a request.
import { z } from '@cropvest/contracts';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * A process's own NATS user (docs/decisions/0050-bus-permissions.md). nats-server reads each user's password
 * from its environment and parses it as a config value, so a password is letters, digits, `_` and `-`,
 * starting with a letter (a leading digit would make it a number, `#` would start a comment).
 */
export const NatsAuthConfig = {
  /** Defaults to the process's own name (identity, wallet, …, gateway), which is its user in every config. */
  NATS_USER: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'must be letters, digits, _ or -, starting with a letter')
    .optional(),
  /** Required in production; without it (development, tests of the kit) the connection is anonymous. */
  NATS_PASSWORD: z
    .string()
    .regex(
      /^[A-Za-z][A-Za-z0-9_-]{15,}$/,
      'must be 16 or more letters, digits, _ or -, starting with a letter (e.g. "n$(openssl rand -hex 24)")',
    )
    .optional(),
};

/**
 * Where a process serves Prometheus `/metrics` (docs/decisions/0051-metrics-and-edge.md): a listener of its own,
 * never the API port, on loopback unless the deployment opens it to its scraper (compose, Kubernetes: 0.0.0.0).
 */
export const MetricsConfig = {
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** 9464, the usual Prometheus exporter port, where each process has its own host (containers, pods). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
};

/**
 * How many proxies in front of a process each append the address they were called from to X-Forwarded-For
 * (docs/decisions/0086-edge-behind-proxies.md). The client is the address that many places from the right, the
 * one the nearest trusted proxy saw; what a client writes into the header itself sits further left and is never
 * read. 0 reads the socket's address and ignores the header.
 */
export const trustedProxyHops = (hops: number) => z.coerce.number().int().min(0).max(10).default(hops);

/** Settings every service has. A service extends this with its own fields. */
export const BaseServiceConfig = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535),
  ...MetricsConfig,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url({ message: 'must be a postgres:// URL' }),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  NATS_URL: z.string().min(1),
  ...NatsAuthConfig,
  /**
   * Servers that keep a copy of every event (docs/decisions/0087-event-stream-replicas-and-nats-chart.md): 1 on a
   * single server, 3 on the production cluster; JetStream allows at most 5. Every start brings the stream to it.
   */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /** Where the identity service publishes its public signing keys (identity itself verifies locally). */
  JWKS_URL: z.url().optional(),
  BODY_LIMIT: z.string().default('100kb'),
  /** Services sit behind the gateway, which sends them one X-Forwarded-For address: the client it read. */
  TRUSTED_PROXY_HOPS: trustedProxyHops(1),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10000),
});
export type BaseServiceConfig = z.infer<typeof BaseServiceConfig>;

/**
 * The NATS user and password a process connects with. Production refuses to connect anonymously: NATS is not a
 * trusted network (ARCHITECTURE.md section 6), and a server without users would let anyone send any command.
 */
export function busCredentials(
  config: { NODE_ENV: string; NATS_USER?: string; NATS_PASSWORD?: string },
  name: string,
): { user?: string; password?: string } {
  if (config.NATS_PASSWORD) return { user: config.NATS_USER ?? name, password: config.NATS_PASSWORD };
  if (config.NATS_USER) throw new ConfigError('NATS_USER is set but NATS_PASSWORD is not');
  if (config.NODE_ENV === 'production')
    throw new ConfigError(
      `NATS_PASSWORD is required in production: ${name} connects to NATS as its own user (docs/decisions/0050-bus-permissions.md)`,
    );
  return {};
}

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
