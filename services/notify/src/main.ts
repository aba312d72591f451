// Notify: notifications and unread counts, the live stream, and mail.
import { runService, sampledGauge } from '@cropvest/service-kit/runtime';
import { migrations } from './db/migrations/index.ts';
import { loadNotifyConfig } from './config.ts';
import type { NotifyContext } from './app/context.ts';
import { notifyRoutes } from './http/routes.ts';
import { subscriptions } from './events/subscriptions.ts';
import { createMailTransport } from './mail/transport.ts';
import { MailRelay } from './mail/relay.ts';
import { PushHub } from './push/hub.ts';

const config = loadNotifyConfig();
let hub: PushHub;
let mail: MailRelay;
const withParts = <D extends object>(deps: D): D & Pick<NotifyContext, 'hub' | 'mail'> => ({
  ...deps,
  hub,
  mail,
});

await runService({
  name: 'notify',
  schema: 'notify',
  config,
  migrations,
  prepare: async ({ db, bus, logger, metrics }) => {
    hub = new PushHub(bus.nc, db, logger, {
      heartbeatMs: config.SSE_HEARTBEAT_MS,
      maxStreamsPerUser: config.SSE_MAX_STREAMS_PER_USER,
      broadcastChangeMs: config.SSE_BROADCAST_CHANGE_MS,
    });
    sampledGauge(
      metrics,
      'event_streams_open',
      'Notification streams (server-sent events) this replica holds open',
      () => hub.openStreams,
    );
    const transport = createMailTransport({
      smtpUrl: config.SMTP_URL,
      mailDir: config.MAIL_DIR,
      from: config.MAIL_FROM,
    });
    mail = new MailRelay(db, transport, logger, config.MAIL_POLL_MS, metrics);
    logger.info({ mail: transport.describe }, 'mail transport');
    // Open streams would hold the HTTP server open on shutdown: end them as soon as a stop is asked for.
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => hub.closeAll());
  },
  routers: (deps) => [notifyRoutes(withParts(deps))],
  subscriptions: (deps) => subscriptions(withParts(deps)),
  background: async () => {
    hub.start();
    mail.start();
    return {
      stop: async () => {
        await hub.stop();
        await mail.stop();
      },
    };
  },
});
