// The gateway's view of who is banned, whether maintenance is on and where admins may call from. Loaded in full from identity over
// request/reply, then kept current by `user.banned` and `settings.updated` events as they happen, and
// re-read periodically in case an event was missed while disconnected.
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import {
  EventEnvelope,
  eventSchemas,
  eventSubject,
  IDENTITY_ACCESS_STATE_SUBJECT,
  ipInRanges,
} from '@cropvest/contracts';
import { sendCommand } from '@cropvest/service-kit/bus';
import { type Logger } from '@cropvest/service-kit/runtime';

export const BANNED_MESSAGE = 'Your account has been suspended. Please contact support.';

export class AccessState {
  private banned = new Set<string>();
  private maintenance = false;
  /** Addresses and ranges admin routes are open to; null while IP whitelisting is off. */
  private adminIpAllowList: string[] | null = null;
  private loaded = false;
  private timer: NodeJS.Timeout | undefined;
  private subscriptions: Subscription[] = [];
  /** Changes seen while a full reload is in flight; re-applied on top of its (possibly older) answer. */
  private changesDuringReload: (() => void)[] | null = null;

  constructor(
    private readonly nc: NatsConnection,
    private readonly logger: Logger,
    private readonly refreshMs: number,
  ) {}

  get isLoaded(): boolean {
    return this.loaded;
  }
  isBanned(userId: string): boolean {
    return this.banned.has(userId);
  }
  get maintenanceMode(): boolean {
    return this.maintenance;
  }
  adminIpAllowed(ip: string): boolean {
    return this.adminIpAllowList === null || ipInRanges(ip, this.adminIpAllowList);
  }

  async start(): Promise<void> {
    this.subscriptions.push(
      this.nc.subscribe(eventSubject('user.banned'), {
        callback: (_err, msg) => {
          const parsed = eventSchemas['user.banned'].safeParse(
            EventEnvelope.safeParse(msg.json()).data?.data,
          );
          if (!parsed.success) return;
          const { userId, isBanned } = parsed.data;
          this.apply(() => (isBanned ? this.banned.add(userId) : this.banned.delete(userId)));
        },
      }),
      this.nc.subscribe(eventSubject('settings.updated'), {
        callback: (_err, msg) => {
          const parsed = eventSchemas['settings.updated'].safeParse(
            EventEnvelope.safeParse(msg.json()).data?.data,
          );
          if (parsed.success && parsed.data.section === 'general') {
            const { maintenanceMode } = parsed.data.settings;
            this.apply(() => (this.maintenance = maintenanceMode));
          }
          if (parsed.success && parsed.data.section === 'security') {
            const { ipWhitelisting, ipWhitelist } = parsed.data.settings;
            this.apply(() => (this.adminIpAllowList = ipWhitelisting ? ipWhitelist : null));
          }
        },
      }),
    );
    await this.reload();
    this.timer = setInterval(() => void this.reload(), this.refreshMs);
    this.timer.unref();
  }

  private apply(change: () => void): void {
    change();
    this.changesDuringReload?.push(change);
  }

  async reload(): Promise<void> {
    this.changesDuringReload = [];
    try {
      const state = await sendCommand<{
        bannedUserIds: string[];
        maintenanceMode: boolean;
        adminIpAllowList: string[] | null;
      }>(this.nc, IDENTITY_ACCESS_STATE_SUBJECT, {}, 3000);
      this.banned = new Set(state.bannedUserIds);
      this.maintenance = state.maintenanceMode;
      this.adminIpAllowList = state.adminIpAllowList;
      for (const change of this.changesDuringReload) change();
      this.loaded = true;
    } catch (error) {
      this.logger.warn({ err: error }, 'could not load access state from identity; will retry');
    } finally {
      this.changesDuringReload = null;
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }
}
