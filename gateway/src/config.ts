import { z } from '@cropvest/contracts';
import { loadConfig, MetricsConfig, NatsAuthConfig, trustedProxyHops } from '@cropvest/service-kit/runtime';

const httpUrl = z.url({ protocol: /^http$/ });
/** One service's address, or its replicas' addresses comma-separated (the gateway spreads requests over them). */
const serviceUrl = z
  .string()
  .refine((value) => value.split(',').every((url) => httpUrl.safeParse(url).success), {
    message: 'expected http:// URLs, comma-separated',
  });

export const GatewayConfig = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** /metrics on its own listener, never on the public port. */
  ...MetricsConfig,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NATS_URL: z.string().min(1),
  /** The gateway's own NATS user: it may only ask for access state and statistics, and follow bans and settings. */
  ...NatsAuthConfig,
  // The services are reached over plain HTTP inside the cluster (TLS ends at the ingress).
  IDENTITY_URL: serviceUrl,
  WALLET_URL: serviceUrl,
  SUPPORT_URL: serviceUrl,
  KYC_URL: serviceUrl,
  NOTIFY_URL: serviceUrl,
  PLANS_URL: serviceUrl,
  CHAIN_URL: serviceUrl,
  /** The object store the services sign private-file links for (as they read it): its origin joins the CSP. */
  S3_ENDPOINT: z.url().optional(),
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  /** Defaults to the identity service's key set. */
  JWKS_URL: z.url().optional(),
  /**
   * Load balancers in front that append to X-Forwarded-For: 1 behind the Ingress, 0 (the socket's address) when
   * clients connect directly. More than there really are would let a client pick its own address.
   */
  TRUSTED_PROXY_HOPS: trustedProxyHops(0),
  /** The gateway's own schema holds the sign-in rate limits every replica shares (docs/decisions/0086). */
  DATABASE_URL: z.url({ message: 'must be a postgres:// URL' }),
  /** Each attempt is one short upsert: two connections a replica, ten replicas within the role's limit of 20. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(2),
  /** Sign-in and registration attempts allowed per client IP per minute, across all gateway replicas. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /**
   * Largest request body passed on to a service (uploads have their own limits): the services' own JSON limit
   * (BODY_LIMIT, 100kb), so a larger body is refused here by its declared length and never streamed to a service
   * that would refuse it half-read.
   */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024),
  /** Largest upload PUT passed on; the owning service enforces each purpose's own cap while streaming. */
  UPLOAD_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(11 * 1024 * 1024),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** How often the ban list and maintenance flag are re-read in full (events update them in between). */
  ACCESS_STATE_REFRESH_MS: z.coerce.number().int().min(1000).default(30_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
});
export type GatewayConfig = z.infer<typeof GatewayConfig>;

export const loadGatewayConfig = () => loadConfig(GatewayConfig);
