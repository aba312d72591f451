// A transaction id in a table cell, shortened with the whole id in its title and a copy button beside it, and the
// link to the network's block explorer. Both name what they are about for a screen reader, since a row holds several.
import { ExternalLink } from 'lucide-react';
import { explorerTxLink } from '@cropvest/ui/chain-text';
import { cn } from '@cropvest/ui/cn';
import { CopyButton } from '@cropvest/ui/copy-button';
import { useUiMessages } from '@cropvest/ui/messages/catalogue';

export interface TransactionIdProps {
  txid: string;
  /** The copy button's accessible name ("Copy the transaction id of the deposit of Ana"). */
  copyLabel: string;
  className?: string;
}

export function TransactionId({ txid, copyLabel, className }: TransactionIdProps) {
  const { text } = useUiMessages();
  return (
    <div className="flex items-center gap-1">
      <span className={cn('block max-w-[8rem] truncate font-mono text-xs', className)} title={txid}>
        {txid}
      </span>
      <CopyButton
        value={txid}
        label={copyLabel}
        copied={{ title: text('ui.txid.copied') }}
        variant="ghost"
        showText={false}
      />
    </div>
  );
}

export interface ExplorerLinkProps {
  href: string;
  /** Read after "View on explorer": which transaction ("ERC20 transaction of Ana"). */
  about: string;
  className?: string;
}

export function ExplorerLink({ href, about, className }: ExplorerLinkProps) {
  const { text } = useUiMessages();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(
        'inline-flex items-center gap-1 text-xs font-medium text-brand-ink underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus',
        className,
      )}
    >
      <ExternalLink aria-hidden="true" className="h-3 w-3" />
      {text('ui.txid.explorer')}
      <span className="sr-only">{text('ui.txid.explorerAbout', { about })}</span>
    </a>
  );
}

export interface ExplorerTxidProps {
  txid: string;
  /** The network's explorer link template (`explorerTxLink`); without one the id is shown as text only. */
  template: string | null;
}

/** A transaction id in a history table, shortened, linked to its page on the explorer where the network has one. */
export function ExplorerTxid({ txid, template }: ExplorerTxidProps) {
  const { text } = useUiMessages();
  const shortened = (
    <span className="block max-w-[10rem] truncate font-mono text-xs sm:max-w-[14rem]" title={txid}>
      {txid}
    </span>
  );
  const link = explorerTxLink(template, txid);
  if (!link) return shortened;
  return (
    // `relative` keeps the screen-reader text inside the table's scroll area (no sideways page scroll).
    <a
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      className="relative inline-flex max-w-full items-center gap-1 rounded text-brand-ink underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
    >
      {shortened}
      <ExternalLink aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
      <span className="sr-only">{text('ui.txid.explorerOpens')}</span>
    </a>
  );
}
