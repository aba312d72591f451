// One trusted device as its owner and an admin both read it (issue 26, docs/decisions/0100-new-device-approval.md):
// the browser and device, where it signs in from, since when and how it came to be trusted, when it was last seen
// and how many sessions it has open. Laid out as facts that wrap, so a phone shows a card, not a cramped table row.
import type { ReactNode } from 'react';
import type { DeviceTrustedBy, TrustedDevice } from '@cropvest/contracts/identity/account-protection';
import { Badge } from '@cropvest/ui/badge';
import { cn } from '@cropvest/ui/cn';
import { EmptyState } from '@cropvest/ui/empty-state';
import { formatCount, formatDateTime } from '@cropvest/ui/format';
import { Pagination } from '@cropvest/ui/pagination';
import { QueryView, SkeletonRows, type QueryLike } from '@cropvest/ui/query-view';
import { englishUiText, useUiMessages, type UiMessageId, type UiText } from '@cropvest/ui/messages/catalogue';

/** How a device came to be trusted, completing "Trusted since <date>, …". */
const TRUSTED_BY: Record<DeviceTrustedBy, UiMessageId> = {
  registration: 'ui.device.trustedBy.registration',
  first_sign_in: 'ui.device.trustedBy.firstSignIn',
  known_network: 'ui.device.trustedBy.knownNetwork',
  email_approval: 'ui.device.trustedBy.emailApproval',
};

/** "Chrome 131 on Mac (macOS 14.5)": the name a person recognises a device by. */
export const trustedDeviceName = (
  device: Pick<TrustedDevice, 'browser' | 'device'>,
  text: UiText = englishUiText,
): string => text('ui.device.name', { browser: device.browser, device: device.device });

const openSessions = (count: number, text: UiText) =>
  text('ui.device.sessions', { count, formatted: formatCount(count) });

export function TrustedDeviceFacts({
  device,
  currentLabel,
  actions,
}: {
  device: TrustedDevice;
  /** The badge on the asking device ("This device"); an admin's view of another account shows none. */
  currentLabel?: string;
  /** Buttons acting on this device, beside its facts on a wide screen and under them on a phone. */
  actions?: ReactNode;
}) {
  const { text } = useUiMessages();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
          <span className="break-words">{trustedDeviceName(device, text)}</span>
          {device.current && currentLabel ? <Badge tone="green">{currentLabel}</Badge> : null}
        </p>
        <dl className="grid gap-x-6 gap-y-1 text-sm text-ink-muted sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="sr-only">{text('ui.device.place')}</dt>
            <dd className="break-words">
              {text('ui.device.where', {
                place: device.place,
                ip: device.ipAddress ?? text('ui.device.unknownIp'),
              })}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="sr-only">{text('ui.device.sessionsTerm')}</dt>
            <dd>{openSessions(device.activeSessions, text)}</dd>
          </div>
          <div className="min-w-0">
            <dt className="sr-only">{text('ui.device.trustedTerm')}</dt>
            <dd>
              {text('ui.device.trustedSince', {
                date: formatDateTime(device.trustedAt),
                reason: text(TRUSTED_BY[device.trustedBy]),
              })}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="sr-only">{text('ui.device.lastSeenTerm')}</dt>
            <dd>{text('ui.device.lastSeen', { date: formatDateTime(device.lastSeenAt) })}</dd>
          </div>
        </dl>
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export interface TrustedDeviceListProps {
  /** One page of devices, as the owner's or the admin's endpoint answers it. */
  query: QueryLike<{ items: TrustedDevice[]; total: number }>;
  /** Whose devices, for the error message ("your trusted devices"). */
  what: string;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** The list's frame: the admin's section draws a border around it, the owner's card does not. */
  listClassName?: string;
  itemClassName: string;
  currentLabel?: string;
  /** The buttons beside one device, for a reader who may act on it. */
  actions?: (device: TrustedDevice) => ReactNode;
}

/** A page of trusted devices with its loading, error and empty states and the pager under it. */
export function TrustedDeviceList({
  query,
  what,
  page,
  pageSize,
  onPageChange,
  listClassName,
  itemClassName,
  currentLabel,
  actions,
}: TrustedDeviceListProps) {
  const { text } = useUiMessages();
  return (
    <QueryView
      query={query}
      what={what}
      skeleton={<SkeletonRows rows={2} className="h-16" />}
      isEmpty={(data) => data.total === 0}
      empty={<EmptyState title={text('ui.device.none')} />}
    >
      {(data) => (
        <>
          <ul className={cn('divide-y divide-border', listClassName)} aria-label={text('ui.device.list')}>
            {data.items.map((device) => (
              <li key={device.id} className={itemClassName}>
                <TrustedDeviceFacts device={device} currentLabel={currentLabel} actions={actions?.(device)} />
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageSize={pageSize}
            total={data.total}
            onPageChange={onPageChange}
            label={text('ui.device.pages')}
          />
        </>
      )}
    </QueryView>
  );
}
