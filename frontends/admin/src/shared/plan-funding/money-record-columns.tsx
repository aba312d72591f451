// The columns every record of money shares (a plan's disbursements and proceeds, the reserve fund's contributions):
// the day the money moved, its amount, then the record's own columns, its on-chain transfer with what the chain
// says of it, and its evidence file. Each screen names the record for screen readers ("the proceeds of 12 Mar").
import type { FundingChainVerdict } from '@cropvest/contracts/chain/model';
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import { columnHelper, type DataTableColumn } from '@cropvest/ui/data-table';
import { formatDate } from '@cropvest/ui/format';
import { amountCell } from './RecordsTable.tsx';
import { EvidenceLink, TransferCell } from './TransferCell.tsx';

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
}: {
  /** The day the money was sent or received. */
  day: (row: T) => string;
  /** What the record is called: "disbursement", "proceeds", "contribution". */
  noun: string;
  /** The record's own columns, between the amount and the transfer. */
  details: DataTableColumn<T>[];
  /** Columns after the evidence. */
  after?: DataTableColumn<T>[];
}): DataTableColumn<T>[] {
  const col = columnHelper<T>();
  const about = (row: T) => `the ${noun} of ${formatDate(day(row))}`;
  return [
    col.accessor(day, {
      id: 'day',
      header: 'Day',
      cell: (info) => <span className="whitespace-nowrap">{formatDate(info.getValue())}</span>,
    }),
    col.accessor((row) => row.amount, {
      id: 'amount',
      header: 'Amount',
      cell: (info) => amountCell(info.getValue()),
    }),
    ...details,
    col.display({
      id: 'txid',
      header: 'Transfer',
      cell: (info) => {
        const row = info.row.original;
        return <TransferCell network={row.network} txid={row.txid} chain={row.chain} about={about(row)} />;
      },
    }),
    col.display({
      id: 'evidenceUrl',
      header: 'Evidence',
      cell: (info) => <EvidenceLink url={info.row.original.evidenceUrl} about={about(info.row.original)} />,
    }),
    ...after,
  ];
}
