import { z } from '@cropvest/contracts';
import { BaseServiceConfig, loadConfig } from '@cropvest/service-kit/runtime';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const IdentityConfig = BaseServiceConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8101),
  /** The first admin, created on first boot when no user has this email. */
  ADMIN_EMAIL: z.email(),
  ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters'),
  ADMIN_NAME: z.string().min(2).default('Platform Admin'),
  /** Dev only: also create a demo investor. */
  SEED_DEMO_INVESTOR: flag.default(false),
  DEMO_INVESTOR_EMAIL: z.email().default('investor@cropvest.example'),
  DEMO_INVESTOR_PASSWORD: z.string().min(6).default('investor-demo-1'),
  /** PKCS#8 PEM of the ES256 signing key; when unset a key is generated once and kept in the database. */
  JWT_PRIVATE_KEY: z.string().optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
  LOCKOUT_MINUTES: z.coerce.number().int().min(1).default(15),
  /** 32 bytes as 64 hex digits: the AES-256-GCM key of the stored TOTP secrets. */
  TOTP_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (32 random bytes)')
    .transform((hex) => Buffer.from(hex, 'hex')),
  /** What authenticator apps show above the code. */
  TOTP_ISSUER: z.string().min(1).max(64).default('CropVest'),
  TWO_FACTOR_CHALLENGE_TTL_SECONDS: z.coerce.number().int().min(30).max(900).default(300),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(5).default(60),
  /** How long /api/auth/me waits for the wallet's live balance before it shows the projection instead. */
  WALLET_BALANCE_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(1500),
});
export type IdentityConfig = z.infer<typeof IdentityConfig>;

export const loadIdentityConfig = () => loadConfig(IdentityConfig);
