// KYC Management (spec sections 2, 4 and 7): the counters Total Submissions, Pending Review, Approved and
// Rejected; a search by name, email or ID number; the tabs All Submissions, Pending Review, Approved and
// Rejected with their counts; one server page of rows (full name, nationality, ID type, submitted date, status,
// Review); and the Review dialog. Search, tab, sort and page live in the address.
import { useState } from 'react';
import { CheckCircle2, Clock, Eye, FileCheck2, Inbox, XCircle } from 'lucide-react';
import type { AdminKycRecord } from '@cropvest/contracts/kyc/model';
import { useListState } from '@cropvest/web-kit/list-state';
import { StatusBadge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent } from '@cropvest/ui/card';
import { columnHelper } from '@cropvest/ui/data-table';
import { EmptyState } from '@cropvest/ui/empty-state';
import { StatCard } from '@cropvest/ui/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@cropvest/ui/tabs';
import { formatCount, formatDate } from '@cropvest/ui/format';
import { ListTable } from '@cropvest/ui/list/results';
import { FoundStatus, SearchBox } from '@cropvest/ui/list/toolbar';
import { useKycCountsQuery, useKycSubmissionsQuery } from '../../api/kyc.ts';
import {
  countOf,
  DEFAULT_SORT,
  ID_TYPE_LABELS,
  KYC_PAGE_SIZE,
  KYC_TABS,
  kycListArgs,
} from '../../shared/kyc/list.ts';
import { useSharedKycMessages } from '../../shared/kyc/messages/catalogue.ts';
import { fullName, ReviewDialog } from './ReviewDialog.tsx';
import { useKycMessages } from './messages/catalogue.ts';

const col = columnHelper<AdminKycRecord>();
const COUNTER_ICONS = [FileCheck2, Clock, CheckCircle2, XCircle];

export default function KycScreen() {
  const { text, rich } = useKycMessages();
  const { text: kycText } = useSharedKycMessages();
  const list = useListState<'status'>({
    pageSize: KYC_PAGE_SIZE,
    sort: DEFAULT_SORT,
    filters: { status: 'all' },
  });
  const args = kycListArgs(list);
  const submissions = useKycSubmissionsQuery(args);
  // The counters count everything; the tabs count what the search matches (the same call without a search).
  const overall = useKycCountsQuery({});
  const matching = useKycCountsQuery(args.q ? { q: args.q } : {});
  const [reviewingId, setReviewingId] = useState<string | null>(null);
  const reviewing = submissions.data?.items.find((record) => record.id === reviewingId) ?? null;

  const columns = [
    col.accessor((record) => fullName(record), {
      id: 'name',
      header: text('kyc.column.name'),
      cell: (info) => {
        const record = info.row.original;
        return (
          <div className="min-w-[10rem]">
            <p className="font-medium text-ink">{info.getValue()}</p>
            <p className="text-xs text-ink-muted">{record.user?.email ?? text('kyc.unknownUser')}</p>
          </div>
        );
      },
    }),
    col.accessor('nationality', { header: text('kyc.column.nationality'), enableSorting: false }),
    col.accessor('idType', {
      header: text('kyc.column.idType'),
      enableSorting: false,
      cell: (info) => <span className="whitespace-nowrap">{kycText(ID_TYPE_LABELS[info.getValue()])}</span>,
    }),
    col.accessor('submittedAt', {
      header: text('kyc.column.submitted'),
      cell: (info) => <span className="whitespace-nowrap">{formatDate(info.getValue())}</span>,
    }),
    col.accessor('status', {
      header: text('kyc.column.status'),
      enableSorting: false,
      cell: (info) => <StatusBadge status={info.getValue()} />,
    }),
    col.display({
      id: 'review',
      header: () => <span className="sr-only">{text('kyc.column.actions')}</span>,
      cell: (info) => {
        const record = info.row.original;
        return (
          <Button
            size="sm"
            variant="outline"
            className="relative whitespace-nowrap"
            onClick={() => setReviewingId(record.id)}
          >
            <Eye aria-hidden="true" className="h-3.5 w-3.5" />
            {rich('kyc.row.review', {
              name: fullName(record),
              who: (chunks) => <span className="sr-only">{chunks}</span>,
            })}
          </Button>
        );
      },
    }),
  ];

  const table = (
    <ListTable
      query={submissions}
      list={list}
      pageSize={args.pageSize}
      noun={text('kyc.table.noun')}
      caption={text('kyc.table.caption')}
      columns={columns}
      rowId={(record) => record.id}
      empty={
        <EmptyState
          icon={<Inbox className="h-8 w-8" />}
          title={text('kyc.empty.title')}
          description={text('kyc.empty.description')}
        />
      }
      noResults={
        <EmptyState
          icon={<Inbox className="h-8 w-8" />}
          title={text('kyc.noResults.title')}
          description={text('kyc.noResults.description')}
          action={
            <Button variant="outline" onClick={() => list.setSearch('')} disabled={!list.search}>
              {text('kyc.noResults.clear')}
            </Button>
          }
        />
      }
    />
  );

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">{text('kyc.title')}</h1>
        <p className="mt-1 text-ink-muted">{text('kyc.subtitle')}</p>
      </div>

      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {KYC_TABS.map((tab, index) => {
          const Icon = COUNTER_ICONS[index] ?? FileCheck2;
          return (
            <StatCard
              key={tab.status}
              label={kycText(tab.counter)}
              value={formatCount(countOf(overall.data, tab.status))}
              loading={overall.isLoading}
              icon={<Icon className="h-5 w-5" />}
            />
          );
        })}
      </div>

      <Card>
        <CardContent className="space-y-4 pt-6">
          <SearchBox
            label={text('kyc.search.label')}
            placeholder={text('kyc.search.placeholder')}
            search={list.search}
            setSearch={list.setSearch}
          />
          <Tabs value={args.status} onValueChange={(status) => list.setFilter('status', status)}>
            <TabsList aria-label={text('kyc.tabs.label')}>
              {KYC_TABS.map((tab) => {
                const count = countOf(matching.data, tab.status);
                return (
                  <TabsTrigger key={tab.status} value={tab.status}>
                    {kycText(tab.label)}
                    {count !== undefined ? (
                      <span className="ms-1.5 rounded-full bg-surface-strong px-1.5 text-xs tabular-nums text-ink">
                        {formatCount(count)}
                      </span>
                    ) : null}
                  </TabsTrigger>
                );
              })}
            </TabsList>
            <FoundStatus
              total={submissions.data?.total}
              noun={text('kyc.noun.one')}
              nouns={text('kyc.noun.other')}
              className="mt-3"
            />
            {KYC_TABS.map((tab) => (
              <TabsContent key={tab.status} value={tab.status}>
                {table}
              </TabsContent>
            ))}
          </Tabs>
        </CardContent>
      </Card>

      {reviewing ? <ReviewDialog record={reviewing} onClose={() => setReviewingId(null)} /> : null}
    </div>
  );
}
