import path from 'node:path';
import { z } from '@cropvest/contracts';
import { BaseServiceConfig, loadConfig } from '@cropvest/service-kit/runtime';

export const NotifyConfig = BaseServiceConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8106),
  /** Where users open the front end; links in mails point here (e.g. `${PUBLIC_URL}/reset-password?token=…`). */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** SMTP transport, e.g. smtp://user:pass@mail.example.com:587. Without it mails are written as .eml files. */
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('CropVest <no-reply@cropvest.example>'),
  /** The launcher's data directory; mails go to `<DATA_DIR>/mail` unless MAIL_DIR says otherwise. */
  DATA_DIR: z.string().default('.data'),
  MAIL_DIR: z.string().optional(),
  /** How often the mail relay looks for mails nobody kicked it for. */
  MAIL_POLL_MS: z.coerce.number().int().min(100).default(1000),
  /** Comment lines on the live stream keep proxies (and the gateway's idle timeout) from closing it. */
  SSE_HEARTBEAT_MS: z.coerce.number().int().min(1000).default(15_000),
  /** Open streams one user may hold on one replica; the oldest is closed beyond it. */
  SSE_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).default(5),
  /** How long plan-slot changes are gathered before every stream is told once (docs/decisions/0105). */
  SSE_BROADCAST_CHANGE_MS: z.coerce.number().int().min(0).max(1000).default(250),
})
  .refine((c) => c.NODE_ENV !== 'production' || c.SMTP_URL, {
    message: 'SMTP_URL is required in production',
    path: ['SMTP_URL'],
  })
  .transform((c) => ({ ...c, MAIL_DIR: path.resolve(c.MAIL_DIR ?? path.join(c.DATA_DIR, 'mail')) }));
export type NotifyConfig = z.infer<typeof NotifyConfig>;

export const loadNotifyConfig = () => loadConfig(NotifyConfig);
