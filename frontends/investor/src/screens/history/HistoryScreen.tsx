// Transaction History (spec sections 2, 4 and 9): tabs All Transactions, Investments, Deposits and Withdrawals
// (the tab and the page are in the address, so a tab can be bookmarked and Back steps through them), one
// merged list newest first, paged on the server, signed by the way the money moved (decision 0108); and the account statement:
// a range of UTC days checked like the wallet checks it, downloaded as CSV or PDF with the session's token.
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { investorDepositPage, investorWithdrawalPage } from '@cropvest/web-kit';
import { useDetailLink } from '@cropvest/web-kit/detail-link';
import { Link } from '@cropvest/web-kit/router';
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  FileSpreadsheet,
  FileText,
  History,
  SlidersHorizontal,
  Sprout,
  TrendingDown,
  Wheat,
} from 'lucide-react';
import type { StatementFormat } from '@cropvest/contracts/wallet/statement';
import type { TransactionHistoryItem } from '@cropvest/contracts/wallet/model';
import { downloadFile } from '@cropvest/web-kit/download';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { useListState, type ListState } from '@cropvest/web-kit/list-state';
import { Badge, statusTone } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { buttonClass } from '@cropvest/ui/button-class';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { CopyButton } from '@cropvest/ui/copy-button';
import { cn } from '@cropvest/ui/cn';
import { columnHelper } from '@cropvest/ui/data-table';
import { EmptyState } from '@cropvest/ui/empty-state';
import { TextField } from '@cropvest/ui/input';
import { ListCards, ListTable } from '@cropvest/ui/list/results';
import { Spinner } from '@cropvest/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@cropvest/ui/tabs';
import { toast } from '@cropvest/ui/toast';
import { formatDate, formatDateTime, formatTimeUtc, NOT_AVAILABLE } from '@cropvest/ui/format';
import { statementRequest, useTransactionsQuery } from '../../api/wallet.ts';
import {
  amountSign,
  clampPageSize,
  DEFAULT_HISTORY_TYPE,
  defaultStatementRange,
  HISTORY_TABS,
  historyTab,
  shortDescription,
  shortReference,
  signedAmount,
  statementFilename,
  statusMessage,
  TYPE_LABELS,
  type HistoryTab,
  type StatementRange,
  type TransactionType,
} from './rules.ts';
import { useHistoryMessages, type HistoryMessageId } from './messages/catalogue.ts';

const PAGE_SIZE = 20;
/**
 * From this width (the sidebar beside it) the history is a table that fits without scrolling sideways; below
 * it, a list of cards that reads well down to 375 px.
 */
const WIDE = '(min-width: 1280px)';

type HistoryList = ListState<'type'>;

export default function HistoryScreen() {
  const list = useListState<'type'>({ pageSize: PAGE_SIZE, filters: { type: DEFAULT_HISTORY_TYPE } });
  const tab = historyTab(list.filters.type);
  const { text } = useHistoryMessages();

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold text-ink">{text('history.title')}</h1>
        <p className="mt-1 text-ink-muted">{text('history.intro')}</p>
      </div>

      <Card className="p-3 sm:p-5">
        <Tabs
          value={tab.value}
          onValueChange={(value) => list.setFilter('type', value)}
          activationMode="manual"
        >
          <TabsList aria-label={text('history.tabs.label')}>
            {HISTORY_TABS.map((item) => (
              <TabsTrigger key={item.value} value={item.value}>
                {text(item.label)}
              </TabsTrigger>
            ))}
          </TabsList>
          {HISTORY_TABS.map((item) => (
            // Radix mounts only the active panel, so only the chosen tab's page is read.
            <TabsContent key={item.value} value={item.value}>
              <Transactions tab={item} list={list} />
            </TabsContent>
          ))}
        </Tabs>
      </Card>

      <StatementCard />
    </div>
  );
}

// ---- the list ----

const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const useWideScreen = () =>
  useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );

function Transactions({ tab, list }: { tab: HistoryTab; list: HistoryList }) {
  const { text } = useHistoryMessages();
  const wide = useWideScreen();
  const pageSize = clampPageSize(list.pageSize);
  const transactions = useTransactionsQuery({ type: tab.value, page: list.page, pageSize });

  const states = {
    query: transactions,
    list,
    pageSize,
    noun: text('history.list.noun'),
    what: text('history.list.what'),
    // Each tab is its own list with the spec's own empty state ("No withdrawals yet"), not a filtered search.
    empty: <NothingYet tab={tab} />,
    noResults: <NothingYet tab={tab} />,
  };
  const caption = text('history.list.caption', { tab: text(tab.label) });
  return (
    // The previous page stays on screen, dimmed, while the next one loads.
    <div
      aria-busy={transactions.isFetching}
      className={cn('transition-opacity', transactions.isFetching && 'opacity-60')}
    >
      {wide ? (
        <ListTable
          sortable={false}
          {...states}
          caption={caption}
          columns={columnsWith(text)}
          rowId={(item) => `${item.type}-${item.id}`}
        />
      ) : (
        <ListCards
          {...states}
          label={{ list: caption, pager: text('history.list.pager') }}
          skeletonHeight="h-14"
          className="space-y-3"
        >
          {(item) => <TransactionCard key={`${item.type}-${item.id}`} item={item} />}
        </ListCards>
      )}
    </div>
  );
}

function NothingYet({ tab }: { tab: HistoryTab }) {
  const { text } = useHistoryMessages();
  const deposit = (variant: 'primary' | 'outline') => (
    <Link to="/investor/deposit" className={buttonClass(variant)}>
      <ArrowDownToLine aria-hidden="true" className="h-4 w-4" /> {text('history.action.deposit')}
    </Link>
  );
  const browse = (variant: 'primary' | 'outline') => (
    <Link to="/investor/invest" className={buttonClass(variant)}>
      <Sprout aria-hidden="true" className="h-4 w-4" /> {text('history.action.browsePlans')}
    </Link>
  );
  const content: Record<HistoryTab['value'], { description: HistoryMessageId; action: ReactNode }> = {
    all: {
      description: 'history.empty.allDescription',
      action: (
        <div className="flex flex-wrap justify-center gap-3">
          {deposit('primary')}
          {browse('outline')}
        </div>
      ),
    },
    investments: {
      description: 'history.empty.investmentsDescription',
      action: browse('primary'),
    },
    deposits: {
      description: 'history.empty.depositsDescription',
      action: deposit('primary'),
    },
    withdrawals: {
      description: 'history.empty.withdrawalsDescription',
      action: (
        <Link to="/investor/withdraw" className={buttonClass('primary')}>
          <ArrowUpFromLine aria-hidden="true" className="h-4 w-4" /> {text('history.action.withdraw')}
        </Link>
      ),
    },
  };
  return (
    <EmptyState
      level={2}
      icon={<History className="h-8 w-8" />}
      title={text(tab.empty)}
      description={text(content[tab.value].description)}
      action={content[tab.value].action}
    />
  );
}

const TYPE_ICONS: Record<TransactionType, typeof Sprout> = {
  deposit: ArrowDownToLine,
  withdrawal: ArrowUpFromLine,
  investment: Sprout,
  harvest: Wheat,
  adjustment: SlidersHorizontal,
  realised_loss: TrendingDown,
};

function TypeLabel({ type }: { type: TransactionType }) {
  const { text } = useHistoryMessages();
  const Icon = TYPE_ICONS[type];
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap font-medium text-ink">
      <span
        aria-hidden="true"
        className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-muted text-brand-ink"
      >
        <Icon className="h-4 w-4" />
      </span>
      {text(TYPE_LABELS[type])}
    </span>
  );
}

function Amount({ item, className }: { item: TransactionHistoryItem; className?: string }) {
  return (
    <span
      className={cn(
        'whitespace-nowrap font-semibold tabular-nums',
        { '−': 'text-danger', '+': 'text-brand-ink', '': 'text-ink-muted' }[amountSign(item)],
        className,
      )}
    >
      {signedAmount(item)}
    </span>
  );
}

function ItemStatus({ item }: { item: TransactionHistoryItem }) {
  const { text } = useHistoryMessages();
  return <Badge tone={statusTone(item.status)}>{text(statusMessage(item))}</Badge>;
}

/** The shortened reference; the full value is in the tooltip, read to screen readers, and one click to copy. */
function Reference({ item }: { item: TransactionHistoryItem }) {
  const { text } = useHistoryMessages();
  const short = shortReference(item);
  if (!short || !item.reference) return <span className="text-ink-muted">{NOT_AVAILABLE}</span>;
  return (
    <span className="inline-flex items-center gap-1">
      {/* `relative` keeps the screen-reader text inside the table's scroll area (no sideways page scroll). */}
      <span className="relative whitespace-nowrap font-mono text-xs" title={item.reference}>
        <span aria-hidden="true">{short}</span>
        <span className="sr-only">{item.reference}</span>
      </span>
      <CopyButton
        value={item.reference}
        label={text('history.reference.copy', { reference: short })}
        copied={{
          title: text('history.reference.copied'),
          description: text('history.reference.copiedDescription'),
        }}
        variant="ghost"
        showText={false}
      />
    </span>
  );
}

/** A deposit's and a withdrawal's own page (decision 0121); the other movements have none. */
const pageOf = (item: TransactionHistoryItem): string | null =>
  item.type === 'deposit'
    ? investorDepositPage(item.id)
    : item.type === 'withdrawal'
      ? investorWithdrawalPage(item.id)
      : null;

/** The row's description, the link to its page where it has one (the tab and page ride along for Back). */
function Description({ item, className }: { item: TransactionHistoryItem; className?: string }) {
  const { text } = useHistoryMessages();
  const detailLink = useDetailLink();
  const page = pageOf(item);
  if (!page) return <span className={className}>{shortDescription(item)}</span>;
  return (
    <span className={className}>
      <Link
        to={detailLink(page)}
        className="relative font-medium text-brand-ink underline underline-offset-2 hover:no-underline"
      >
        {shortDescription(item)}
        <span className="sr-only">
          {text('history.row.details', { date: formatDateTime(item.createdAt) })}
        </span>
      </Link>
    </span>
  );
}

const col = columnHelper<TransactionHistoryItem>();

const columnsWith = (text: (id: HistoryMessageId) => string) => [
  col.accessor('createdAt', {
    header: text('history.column.date'),
    cell: (info) => (
      <time dateTime={info.getValue()} className="block whitespace-nowrap">
        {formatDate(info.getValue())}
        <span className="block text-xs text-ink-muted">{formatTimeUtc(info.getValue())}</span>
      </time>
    ),
  }),
  col.accessor('type', {
    header: text('history.column.type'),
    cell: (info) => <TypeLabel type={info.getValue()} />,
  }),
  col.accessor('description', {
    header: text('history.column.description'),
    cell: (info) => <Description item={info.row.original} className="block min-w-[10rem]" />,
  }),
  col.accessor('reference', {
    header: text('history.column.reference'),
    cell: (info) => <Reference item={info.row.original} />,
  }),
  col.accessor('status', {
    header: text('history.column.status'),
    cell: (info) => <ItemStatus item={info.row.original} />,
  }),
  col.accessor('amount', {
    header: () => <span className="block text-end">{text('history.column.amount')}</span>,
    cell: (info) => <Amount item={info.row.original} className="block text-end" />,
  }),
];

function TransactionCard({ item }: { item: TransactionHistoryItem }) {
  const { text } = useHistoryMessages();
  return (
    <li className="rounded-xl border border-border bg-surface p-3 shadow-sm sm:p-4">
      <div className="flex items-start justify-between gap-3">
        <TypeLabel type={item.type} />
        <Amount item={item} className="text-end" />
      </div>
      <Description item={item} className="mt-2 block break-words text-sm text-ink" />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm text-ink-muted">
        <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        <ItemStatus item={item} />
      </div>
      {item.reference ? (
        <div className="mt-1 flex items-center gap-2 text-sm text-ink-muted">
          <span>{text('history.column.reference')}</span>
          <Reference item={item} />
        </div>
      ) : null}
    </li>
  );
}

// ---- the account statement ----

const statementResolver = lazyZodResolver<StatementRange, StatementRange>(() =>
  import('./schemas.ts').then((m) => m.StatementRangeForm),
);

function StatementCard() {
  const { text } = useHistoryMessages();
  const form = useContractForm<StatementRange, StatementRange>({
    resolver: statementResolver,
    defaultValues: defaultStatementRange(),
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const [busy, setBusy] = useState<StatementFormat | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const download = (format: StatementFormat) =>
    handleSubmit(async ({ from, to }) => {
      const controller = new AbortController();
      running.current = controller;
      setBusy(format);
      try {
        const filename = await downloadFile(
          statementRequest({ from, to, format }),
          statementFilename({ from, to }, format),
          { signal: controller.signal },
        );
        toast({ title: text('history.statement.downloaded'), description: filename, variant: 'success' });
      } catch (error) {
        if (!controller.signal.aborted)
          reportFormError(form, error, { fallback: text('history.statement.failed') });
      } finally {
        if (running.current === controller) {
          running.current = null;
          setBusy(null);
        }
      }
    });

  // A plain function, not a component: the buttons keep their identity (and focus) when busy changes.
  const formatButton = (format: StatementFormat, icon: ReactNode) => (
    <Button
      type={format === 'csv' ? 'submit' : 'button'}
      variant={format === 'csv' ? 'primary' : 'outline'}
      disabled={busy !== null}
      onClick={format === 'csv' ? undefined : (event) => void download(format)(event)}
    >
      {busy === format ? <Spinner size="sm" label={text('history.statement.preparing')} /> : icon}
      {text('history.statement.download', { format: format.toUpperCase() })}
    </Button>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{text('history.statement.title')}</CardTitle>
        <CardDescription>{text('history.statement.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label={text('history.statement.title')}
          aria-busy={busy !== null}
          onSubmit={(event) => void download('csv')(event)}
          onFocusCapture={() => void import('./schemas.ts')}
          className="space-y-4"
        >
          <div className="grid gap-4 sm:grid-cols-2 lg:max-w-xl">
            <TextField
              type="date"
              label={text('history.statement.from')}
              error={errors.from?.message}
              aria-required="true"
              {...register('from', { deps: ['to'] })}
            />
            <TextField
              type="date"
              label={text('history.statement.to')}
              error={errors.to?.message}
              aria-required="true"
              {...register('to', { deps: ['from'] })}
            />
          </div>
          <div className="flex flex-wrap gap-3">
            {formatButton('csv', <FileSpreadsheet aria-hidden="true" className="h-4 w-4" />)}
            {formatButton('pdf', <FileText aria-hidden="true" className="h-4 w-4" />)}
          </div>
          <p className="text-sm text-ink-muted">{text('history.statement.note')}</p>
        </form>
      </CardContent>
    </Card>
  );
}
