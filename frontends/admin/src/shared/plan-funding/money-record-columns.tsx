// The columns every record of money shares (a plan's disbursements and proceeds, the reserve fund's contributions):
// the day the money moved, its amount, then the record's own columns, its on-chain transfer with what the chain
// says of it, and its evidence file. Each screen names the record for screen readers ("the proceeds of 12 Mar").
import type { ReactNode } from 'react';
import type { FundingChainVerdict } from '@cropvest/contracts/chain/model';
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import { columnHelper, type DataTableColumn } from '@cropvest/ui/data-table';
import { formatDate } from '@cropvest/ui/format';
import { amountCell } from './RecordsTable.tsx';
import type { RecordKind } from './RecordMoneyDialog.tsx';
import { EvidenceLink, TransferCell } from './TransferCell.tsx';
import { useSharedPlanFundingMessages, type SharedPlanFundingText } from './messages/catalogue.ts';

/** What a record is, for screen readers: "the proceeds of Mar 12, 2026". */
function AboutRecord({
  kind,
  day,
  children,
}: {
  kind: RecordKind;
  day: string;
  children: (about: string) => ReactNode;
}) {
  const { text } = useSharedPlanFundingMessages();
  return children(text('sharedPlanFunding.about', { kind, date: formatDate(day) }));
}

export interface MoneyRecord {
  id: string;
  amount: string;
  network: NetworkName | null;
  txid: string | null;
  chain: FundingChainVerdict;
  evidenceUrl: string | null;
}

export function moneyRecordColumns<T extends MoneyRecord>({
  day,
  noun,
  details,
  after = [],
  text,
}: {
  /** The day the money was sent or received. */
  day: (row: T) => string;
  /** What the record is: a disbursement, proceeds or a contribution. */
  noun: RecordKind;
  /** The record's own columns, between the amount and the transfer. */
  details: DataTableColumn<T>[];
  /** Columns after the evidence. */
  after?: DataTableColumn<T>[];
  /** The headers' words in the page's language. */
  text: SharedPlanFundingText;
}): DataTableColumn<T>[] {
  const col = columnHelper<T>();
  return [
    col.accessor(day, {
      id: 'day',
      header: text('sharedPlanFunding.column.day'),
      cell: (info) => <span className="whitespace-nowrap">{formatDate(info.getValue())}</span>,
    }),
    col.accessor((row) => row.amount, {
      id: 'amount',
      header: text('sharedPlanFunding.column.amount'),
      cell: (info) => amountCell(info.getValue()),
    }),
    ...details,
    col.display({
      id: 'txid',
      header: text('sharedPlanFunding.column.transfer'),
      cell: (info) => {
        const row = info.row.original;
        return (
          <AboutRecord kind={noun} day={day(row)}>
            {(about) => (
              <TransferCell network={row.network} txid={row.txid} chain={row.chain} about={about} />
            )}
          </AboutRecord>
        );
      },
    }),
    col.display({
      id: 'evidenceUrl',
      header: text('sharedPlanFunding.column.evidence'),
      cell: (info) => (
        <AboutRecord kind={noun} day={day(info.row.original)}>
          {(about) => <EvidenceLink url={info.row.original.evidenceUrl} about={about} />}
        </AboutRecord>
      ),
    }),
    ...after,
  ];
}
