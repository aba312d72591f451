// /proof-of-reserves (docs/decisions/0082): the published root of the proof of liabilities, what it totals and how
// many investors it counts, the USDT the platform's addresses held on chain beside it (each address checkable on an
// explorer), a box that verifies a proof file in the browser, and plainly what all this shows and what it does not
// (ARCHITECTURE.md section 11: no claim beyond what the system does).
import type { ReactNode } from 'react';
import type { ProofOfReservesReport, PublishedReserves } from '@cropvest/contracts/chain/reserves';
import { Link } from '@cropvest/web-kit/router';
import { useProofOfReservesQuery } from '@cropvest/web-kit/proof-of-reserves';
import { networkTitle } from '@cropvest/ui/chain-text';
import { CopyButton } from '@cropvest/ui/copy-button';
import { EmptyState } from '@cropvest/ui/empty-state';
import {
  formatCount,
  formatCoverage,
  formatDateTime,
  formatUsdtPrecise,
  NOT_AVAILABLE,
} from '@cropvest/ui/format';
import { ProofVerifier } from '@cropvest/ui/proof-verifier';
import { QueryView } from '@cropvest/ui/query-view';
import { Section } from './Section.tsx';
import { useLandingMessages } from './messages/catalogue.ts';

export default function ProofOfReserves() {
  const report = useProofOfReservesQuery();
  const { text } = useLandingMessages();
  return (
    <>
      <p className="leading-7">{text('landing.reserves.intro')}</p>
      <QueryView query={report} what={text('landing.reserves.what')}>
        {(data) => (
          <div className="space-y-10">
            <PublishedProof report={data} />
            <Reserves report={data} />
            <Section title={text('landing.reserves.verify.title')} id="verify">
              <p>{text('landing.reserves.verify.text')}</p>
              <ProofVerifier
                published={data.proof ? { rootHash: data.proof.rootHash, total: data.proof.total } : null}
              />
            </Section>
            <WhatItShows />
          </div>
        )}
      </QueryView>
    </>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-ink-muted">{label}</dt>
      <dd className="mt-1 break-words text-lg font-semibold text-ink">{children}</dd>
    </div>
  );
}

function PublishedProof({ report }: { report: ProofOfReservesReport }) {
  const { proof } = report;
  const { text } = useLandingMessages();
  return (
    <Section title={text('landing.reserves.proof.title')} id="proof">
      {proof ? (
        <>
          <dl className="grid gap-4 sm:grid-cols-3">
            <Figure label={text('landing.reserves.proof.liabilities')}>
              {formatUsdtPrecise(proof.total)}
            </Figure>
            <Figure label={text('landing.reserves.proof.investors')}>{formatCount(proof.leafCount)}</Figure>
            <Figure label={text('landing.reserves.proof.built')}>{formatDateTime(proof.builtAt)}</Figure>
          </dl>
          <div>
            <p className="text-sm font-medium text-ink-muted">{text('landing.reserves.proof.rootHash')}</p>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <code
                className="min-w-0 break-all rounded bg-surface-muted px-2 py-1 text-sm text-ink"
                data-testid="root-hash"
              >
                {proof.rootHash}
              </code>
              <CopyButton
                value={proof.rootHash}
                label={text('landing.reserves.proof.copy')}
                copied={{
                  title: text('landing.reserves.proof.copied'),
                  description: text('landing.reserves.proof.copiedText'),
                }}
              />
            </div>
          </div>
        </>
      ) : (
        <EmptyState
          title={text('landing.reserves.proof.none')}
          description={
            report.builtAt
              ? text('landing.reserves.proof.nobodyOwed', { date: formatDateTime(report.builtAt) })
              : text('landing.reserves.proof.firstBuild')
          }
        />
      )}
    </Section>
  );
}

function Reserves({ report }: { report: ProofOfReservesReport }) {
  const { reserves, proof } = report;
  const { text } = useLandingMessages();
  return (
    <Section title={text('landing.reserves.onChain.title')} id="reserves">
      {reserves ? (
        <>
          <p>
            {text('landing.reserves.onChain.readAt', {
              date: formatDateTime(reserves.reconciledAt),
              complete: String(reserves.complete),
            })}
          </p>
          <dl className="grid gap-4 sm:grid-cols-3">
            <Figure label={text('landing.reserves.onChain.held')}>{formatUsdtPrecise(reserves.total)}</Figure>
            <Figure label={text('landing.reserves.proof.liabilities')}>
              {proof ? formatUsdtPrecise(proof.total) : NOT_AVAILABLE}
            </Figure>
            <Figure label={text('landing.reserves.onChain.coverage')}>
              {formatCoverage(report.coverage)}
            </Figure>
          </dl>
          {/* A ratio below 1 is "0.xxxx": no arithmetic needed to say so. */}
          {report.coverage?.startsWith('0.') ? (
            <p className="font-medium text-ink" data-testid="below-liabilities">
              {text('landing.reserves.onChain.below')}
            </p>
          ) : null}
          <div className="space-y-4">
            {reserves.networks.map((network) => (
              <NetworkReserves key={network.network} network={network} />
            ))}
          </div>
        </>
      ) : (
        <p>{text('landing.reserves.onChain.none')}</p>
      )}
    </Section>
  );
}

function NetworkReserves({ network }: { network: PublishedReserves['networks'][number] }) {
  const { text, rich } = useLandingMessages();
  const mono = (chunks: ReactNode[]) => <span className="font-mono">{chunks}</span>;
  return (
    <section
      aria-label={networkTitle(network.network)}
      className="rounded-lg border border-border p-4"
      data-testid={`reserves-${network.network}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-ink">{networkTitle(network.network)}</h3>
        <p className="font-semibold text-ink">
          {network.status === 'read'
            ? formatUsdtPrecise(network.amount)
            : text('landing.reserves.network.notRead')}
        </p>
      </div>
      <p className="mt-1 break-all text-sm text-ink-muted">
        {network.finalBlock
          ? rich('landing.reserves.network.contractAtBlock', {
              contract: network.usdtContract,
              block: network.finalBlock,
              mono,
            })
          : rich('landing.reserves.network.contract', { contract: network.usdtContract, mono })}
      </p>
      {network.addresses.length ? (
        <ul className="mt-3 divide-y divide-border">
          {network.addresses.map((address) => (
            <li
              key={address.address}
              className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
            >
              <span className="min-w-0 break-all font-mono text-ink">{address.address}</span>
              <span className="flex items-center gap-3">
                <span className="font-medium text-ink">
                  {address.amount === null ? NOT_AVAILABLE : formatUsdtPrecise(address.amount)}
                </span>
                {address.explorerUrl ? (
                  <a
                    href={address.explorerUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-medium text-brand-ink underline underline-offset-4"
                  >
                    {rich('landing.reserves.network.explorer', {
                      address: address.address,
                      hidden: (chunks) => <span className="sr-only">{chunks}</span>,
                    })}
                  </a>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-ink-muted">{text('landing.reserves.network.noAddress')}</p>
      )}
    </section>
  );
}

function WhatItShows() {
  const { text, rich } = useLandingMessages();
  return (
    <Section title={text('landing.reserves.limits.title')} id="limits">
      <p className="font-medium text-ink">{text('landing.reserves.limits.shows')}</p>
      <ul className="list-disc space-y-1 ps-6">
        <li>{text('landing.reserves.limits.shows.counted')}</li>
        <li>{text('landing.reserves.limits.shows.noNegative')}</li>
        <li>{text('landing.reserves.limits.shows.addresses')}</li>
      </ul>
      <p className="font-medium text-ink">{text('landing.reserves.limits.notShown')}</p>
      <ul className="list-disc space-y-1 ps-6">
        <li>{text('landing.reserves.limits.notShown.everyInvestor')}</li>
        <li>{text('landing.reserves.limits.notShown.realInvestors')}</li>
        <li>{text('landing.reserves.limits.notShown.nothingElse')}</li>
        <li>{text('landing.reserves.limits.notShown.returns')}</li>
      </ul>
      <p>
        {rich('landing.reserves.limits.audit', {
          link: (chunks) => (
            <Link to="/support-info" className="font-semibold text-brand-ink underline">
              {chunks}
            </Link>
          ),
        })}
      </p>
    </Section>
  );
}
