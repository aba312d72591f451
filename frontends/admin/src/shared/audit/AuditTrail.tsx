// The audit trail (issue 13 section 3): whether the hash chain verifies, then every admin action one server page
// at a time, filtered by admin, action, target and date range (UTC days, both included), each entry's details
// and IP address in a dialog, through the list kit (its filter select, search box, found line and table, cards at
// phone width). Filters and page live in the address. Rendered by Audit Logs
// (/admin/settings/audit) and by System Settings' Audit tab.
import { useId, useState } from 'react';
import { FileSearch, RotateCw } from 'lucide-react';
import type { AuditAction, AuditLog } from '@cropvest/contracts/identity/audit';
import { useAppDispatch } from '@cropvest/web-kit';
import { useListState } from '@cropvest/web-kit/list-state';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { columnHelper } from '@cropvest/ui/data-table';
import { EmptyState } from '@cropvest/ui/empty-state';
import { NOT_AVAILABLE } from '@cropvest/ui/format';
import { Input, Label } from '@cropvest/ui/input';
import { DateCell } from '@cropvest/ui/list/cells';
import { ListTable } from '@cropvest/ui/list/results';
import { FilterSelect, FoundStatus, SearchBox } from '@cropvest/ui/list/toolbar';
import {
  type AuditListArgs,
  refreshTrail,
  useAuditAdminsQuery,
  useAuditLogsQuery,
  useAuditVerificationQuery,
} from '../../api/identity.ts';
import { EntryDialog } from './EntryDialog.tsx';
import { actionLabel, ACTIONS, actorDetail, actorName, shortHash, SYSTEM_ACTOR_OPTION } from './labels.ts';
import { useAuditTrailMessages } from './messages/catalogue.ts';
import { VerificationBanner } from './VerificationBanner.tsx';

const PAGE_SIZE = 20;
const ALL = 'all';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

type Filter = 'admin' | 'action' | 'target' | 'from' | 'to';

const col = columnHelper<AuditLog>();

/** The query the address asks for; values the address garbles are left out rather than sent. */
function listArgs(page: number, filters: Record<Filter, string>): AuditListArgs {
  const { admin, action, target, from, to } = filters;
  return {
    page,
    pageSize: PAGE_SIZE,
    ...(UUID.test(admin) ? { adminId: admin } : {}),
    ...(ACTIONS.includes(action as AuditAction) ? { action: action as AuditAction } : {}),
    ...(target.trim() ? { targetId: target.trim().slice(0, 100) } : {}),
    ...(DAY.test(from) ? { from: `${from}T00:00:00.000Z` } : {}),
    ...(DAY.test(to) ? { to: `${to}T23:59:59.999Z` } : {}),
  };
}

export function AuditTrail() {
  const { text, rich } = useAuditTrailMessages();
  const dispatch = useAppDispatch();
  const ids = { from: useId(), to: useId(), range: useId() };
  const list = useListState<Filter>({
    pageSize: PAGE_SIZE,
    filters: { admin: ALL, action: ALL, target: '', from: '', to: '' },
  });
  const { filters } = list;
  const rangeInverted = DAY.test(filters.from) && DAY.test(filters.to) && filters.from > filters.to;
  // Entries keep arriving from every service: each visit reads the trail and the check afresh.
  const logs = useAuditLogsQuery(listArgs(list.page, filters), {
    skip: rangeInverted,
    refetchOnMountOrArgChange: true,
  });
  const verification = useAuditVerificationQuery(undefined, { refetchOnMountOrArgChange: true });
  const admins = useAuditAdminsQuery();
  const [openId, setOpenId] = useState<string | null>(null);
  const open = logs.data?.items.find((entry) => entry.id === openId) ?? null;
  const brokenId = verification.data?.firstBroken?.id;

  const columns = [
    // First, so the way to an entry's details is on screen even at phone width.
    col.accessor('position', {
      header: text('auditTrail.column.entry'),
      cell: (info) => (
        <div className="flex flex-col items-start gap-1">
          <span className="tabular-nums text-ink-muted">
            {text('auditTrail.column.position', { position: info.getValue() })}
          </span>
          <Button size="sm" variant="outline" onClick={() => setOpenId(info.row.original.id)}>
            {rich('auditTrail.column.details', {
              position: info.getValue(),
              hidden: (chunks) => <span className="sr-only">{chunks}</span>,
            })}
          </Button>
        </div>
      ),
    }),
    col.accessor('action', {
      header: text('auditTrail.column.action'),
      cell: (info) => (
        <Badge tone={info.row.original.id === brokenId ? 'red' : 'gray'} className="whitespace-nowrap">
          {actionLabel(info.getValue(), text)}
        </Badge>
      ),
    }),
    col.accessor('createdAt', {
      header: text('auditTrail.column.when'),
      cell: (info) => <DateCell value={info.getValue()} />,
    }),
    col.accessor('adminName', {
      header: text('auditTrail.column.admin'),
      cell: (info) => {
        const entry = info.row.original;
        return (
          <div className="min-w-[9rem]">
            <p className="font-medium text-ink">{actorName(entry, text)}</p>
            <p className="break-all text-xs text-ink-muted">{actorDetail(entry, text)}</p>
          </div>
        );
      },
    }),
    col.accessor('targetId', {
      header: text('auditTrail.column.target'),
      cell: (info) => {
        const { targetType, targetId } = info.row.original;
        if (!targetId && !targetType) return NOT_AVAILABLE;
        return (
          <div>
            <p className="text-ink">{targetType ?? NOT_AVAILABLE}</p>
            {targetId ? (
              <p className="font-mono text-xs text-ink-muted" title={targetId}>
                {targetId.length > 20 ? shortHash(targetId) : targetId}
              </p>
            ) : null}
          </div>
        );
      },
    }),
    col.accessor('ipAddress', {
      header: text('auditTrail.column.ip'),
      cell: (info) => (
        <span className="whitespace-nowrap font-mono text-xs">{info.getValue() ?? NOT_AVAILABLE}</span>
      ),
    }),
  ];

  return (
    <div className="space-y-4">
      <VerificationBanner
        verification={verification.data}
        isLoading={verification.isLoading}
        isError={Boolean(verification.error)}
        isFetching={verification.isFetching}
        onCheckAgain={() => void verification.refetch()}
      />
      <div
        role="group"
        aria-label={text('auditTrail.filter.group')}
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5"
      >
        <FilterSelect
          label={text('auditTrail.filter.admin')}
          current={filters.admin}
          onChange={(value) => list.setFilter('admin', value)}
          options={[
            { value: ALL, label: text('auditTrail.filter.allAdmins') },
            ...(admins.data ?? []).map((admin) => ({
              value: admin.id,
              label: text('auditTrail.filter.adminOption', { name: admin.name, email: admin.email }),
            })),
            SYSTEM_ACTOR_OPTION,
          ]}
        />
        <FilterSelect
          label={text('auditTrail.filter.action')}
          current={ACTIONS.includes(filters.action as AuditAction) ? filters.action : ALL}
          onChange={(value) => list.setFilter('action', value)}
          options={[
            { value: ALL, label: text('auditTrail.filter.allActions') },
            ...ACTIONS.map((action) => ({ value: action, label: actionLabel(action, text) })),
          ]}
        />
        <SearchBox
          label={text('auditTrail.filter.target')}
          placeholder={text('auditTrail.filter.targetPlaceholder')}
          search={filters.target}
          setSearch={(value) => list.setFilter('target', value)}
        />
        <div className="space-y-1.5">
          <Label htmlFor={ids.from}>{text('auditTrail.filter.from')}</Label>
          <Input
            id={ids.from}
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            aria-describedby={rangeInverted ? ids.range : undefined}
            aria-invalid={rangeInverted || undefined}
            onChange={(event) => list.setFilter('from', event.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={ids.to}>{text('auditTrail.filter.to')}</Label>
          <Input
            id={ids.to}
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            aria-describedby={rangeInverted ? ids.range : undefined}
            aria-invalid={rangeInverted || undefined}
            onChange={(event) => list.setFilter('to', event.target.value)}
          />
        </div>
      </div>
      {rangeInverted ? (
        <p id={ids.range} role="alert" className="text-sm text-danger">
          {text('auditTrail.filter.inverted')}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <FoundStatus
          total={rangeInverted ? undefined : logs.data?.total}
          noun={text('auditTrail.list.noun')}
          nouns={text('auditTrail.list.nouns')}
        />
        <Button
          variant="outline"
          size="sm"
          onClick={() => dispatch(refreshTrail())}
          disabled={logs.isFetching}
        >
          <RotateCw aria-hidden="true" className="h-3.5 w-3.5" /> {text('auditTrail.list.refresh')}
        </Button>
      </div>
      {rangeInverted ? null : (
        <ListTable
          query={logs}
          list={list}
          pageSize={PAGE_SIZE}
          noun={text('auditTrail.list.nouns')}
          what={text('auditTrail.list.what')}
          icon={<FileSearch className="h-8 w-8" />}
          empty={
            <EmptyState
              icon={<FileSearch className="h-8 w-8" />}
              title={text('auditTrail.list.emptyTitle')}
              description={text('auditTrail.list.emptyDescription')}
            />
          }
          noResults={
            <EmptyState
              icon={<FileSearch className="h-8 w-8" />}
              title={text('auditTrail.list.noResultsTitle')}
              description={text('auditTrail.list.noResultsDescription')}
            />
          }
          caption={text('auditTrail.list.caption')}
          columns={columns}
          rowId={(entry) => entry.id}
          sortable={false}
        />
      )}
      {open ? (
        <EntryDialog entry={open} broken={open.id === brokenId} onClose={() => setOpenId(null)} />
      ) : null}
    </div>
  );
}
