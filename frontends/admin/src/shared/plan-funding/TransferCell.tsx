// A record's on-chain transfer in a table cell: its network, the transaction id (copyable, the whole id in its
// title), its explorer page when the network has one and what the chain says of it (decision 0095: verifying,
// confirming, verified, or a mismatch in red); or "Off chain" for money that moved another way. The evidence
// file, when one was attached, opens in a new tab.
import { FileText } from 'lucide-react';
import type { FundingChainVerdict } from '@cropvest/contracts/chain/model';
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import { Badge } from '@cropvest/ui/badge';
import { explorerTxLink, networkLabel } from '@cropvest/ui/chain-text';
import { FundingVerdictText } from '@cropvest/ui/chain-verdict';
import { ExplorerLink, TransactionId } from '@cropvest/ui/transaction-id';
import { useAdminChainNetworksQuery } from '../../api/chain.ts';
import { shortId } from '../unmatched/list.ts';
import { useSharedPlanFundingMessages } from './messages/catalogue.ts';

export interface TransferCellProps {
  network: NetworkName | null;
  txid: string | null;
  chain: FundingChainVerdict;
  /** What the record is, for screen readers: "the disbursement of 12 Mar". */
  about: string;
}

export function TransferCell({ network, txid, chain, about }: TransferCellProps) {
  // Only for the explorer links: a network without an explorer (the local chains) has none.
  const networks = useAdminChainNetworksQuery();
  const { text } = useSharedPlanFundingMessages();
  if (!network || !txid)
    return <p className="text-xs text-ink-muted">{text('sharedPlanFunding.transfer.offChain')}</p>;
  const label = networkLabel(network);
  const link = explorerTxLink(
    networks.data?.find((known) => known.network === network)?.explorerTxUrl ?? null,
    txid,
  );
  return (
    <div className="min-w-[9rem] space-y-1">
      <Badge tone="outline">{label}</Badge>
      <TransactionId txid={txid} copyLabel={text('sharedPlanFunding.transfer.copy', { about })} />
      {link ? (
        <ExplorerLink
          href={link}
          about={text('sharedPlanFunding.transfer.explorer', { network: label, txid: shortId(txid), about })}
        />
      ) : null}
      <FundingVerdictText chain={chain} className="max-w-[14rem]" />
    </div>
  );
}

export function EvidenceLink({ url, about }: { url: string | null; about: string }) {
  const { text } = useSharedPlanFundingMessages();
  if (!url) return <span className="text-xs text-ink-muted">{text('sharedPlanFunding.evidence.none')}</span>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 text-xs font-medium text-brand-ink underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
    >
      <FileText aria-hidden="true" className="h-3.5 w-3.5" />
      {text('sharedPlanFunding.evidence.link')}
      <span className="sr-only">{text('sharedPlanFunding.evidence.of', { about })}</span>
    </a>
  );
}
