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
import { formatCount, formatCoverage, formatDateTime, formatUsdtPrecise } from '@cropvest/ui/format';
import { ProofVerifier } from '@cropvest/ui/proof-verifier';
import { QueryView } from '@cropvest/ui/query-view';
import { Section } from './Section.tsx';

export default function ProofOfReserves() {
  const report = useProofOfReservesQuery();
  return (
    <>
      <p className="leading-7">
        Once a day CropVest publishes what it owes its investors as a single fingerprint (a Merkle-sum
        tree&apos;s root) and a total, beside the USDT its addresses held on chain. Each investor can download
        a proof from their dashboard and check here that their balance is counted in that total, without
        anyone else&apos;s balance being shown.
      </p>
      <QueryView query={report} what="the proof of reserves">
        {(data) => (
          <div className="space-y-10">
            <PublishedProof report={data} />
            <Reserves report={data} />
            <Section title="Verify a proof" id="verify">
              <p>
                Signed-in investors download their proof from the dashboard&apos;s &ldquo;Verify my
                balance&rdquo; card. Checking it recomputes your entry from your amount and secret nonce,
                follows its path up the tree and compares the result with the root and total published above.
              </p>
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
  return (
    <Section title="Published proof of liabilities" id="proof">
      {proof ? (
        <>
          <dl className="grid gap-4 sm:grid-cols-3">
            <Figure label="Liabilities in the tree">{formatUsdtPrecise(proof.total)}</Figure>
            <Figure label="Investors counted">{formatCount(proof.leafCount)}</Figure>
            <Figure label="Built">{formatDateTime(proof.builtAt)}</Figure>
          </dl>
          <div>
            <p className="text-sm font-medium text-ink-muted">Root hash</p>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <code
                className="min-w-0 break-all rounded bg-surface-muted px-2 py-1 text-sm text-ink"
                data-testid="root-hash"
              >
                {proof.rootHash}
              </code>
              <CopyButton
                value={proof.rootHash}
                label="Copy the root hash"
                copied={{ title: 'Copied!', description: 'The root hash is on your clipboard.' }}
              />
            </div>
          </div>
        </>
      ) : (
        <EmptyState
          title="No proof published yet"
          description={
            report.builtAt
              ? `Nobody was owed anything when the last proof was built (${formatDateTime(report.builtAt)}).`
              : 'The first proof is published after the first daily build.'
          }
        />
      )}
    </Section>
  );
}

function Reserves({ report }: { report: ProofOfReservesReport }) {
  const { reserves, proof } = report;
  return (
    <Section title="Reserves on chain" id="reserves">
      {reserves ? (
        <>
          <p>
            Read at the last final block of each network on {formatDateTime(reserves.reconciledAt)}, the
            latest reading when this proof was built.{' '}
            {reserves.complete
              ? null
              : 'A network could not be read then: its figure is missing below and is not counted as zero.'}
          </p>
          <dl className="grid gap-4 sm:grid-cols-3">
            <Figure label="USDT held on the addresses below">{formatUsdtPrecise(reserves.total)}</Figure>
            <Figure label="Liabilities in the tree">{proof ? formatUsdtPrecise(proof.total) : '—'}</Figure>
            <Figure label="Reserves ÷ liabilities">{formatCoverage(report.coverage)}</Figure>
          </dl>
          {/* A ratio below 1 is "0.xxxx": no arithmetic needed to say so. */}
          {report.coverage?.startsWith('0.') ? (
            <p className="font-medium text-ink" data-testid="below-liabilities">
              At this reading the USDT on these addresses was below the liabilities in the tree.
            </p>
          ) : null}
          <div className="space-y-4">
            {reserves.networks.map((network) => (
              <NetworkReserves key={network.network} network={network} />
            ))}
          </div>
        </>
      ) : (
        <p>No reading of the platform&apos;s addresses has been published with a proof yet.</p>
      )}
    </Section>
  );
}

function NetworkReserves({ network }: { network: PublishedReserves['networks'][number] }) {
  return (
    <section
      aria-label={networkTitle(network.network)}
      className="rounded-lg border border-border p-4"
      data-testid={`reserves-${network.network}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-ink">{networkTitle(network.network)}</h3>
        <p className="font-semibold text-ink">
          {network.status === 'read' ? formatUsdtPrecise(network.amount) : 'Not read at this reading'}
        </p>
      </div>
      <p className="mt-1 break-all text-sm text-ink-muted">
        USDT contract <span className="font-mono">{network.usdtContract}</span>
        {network.finalBlock ? ` · balances at block ${network.finalBlock}` : null}
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
                  {address.amount === null ? '—' : formatUsdtPrecise(address.amount)}
                </span>
                {address.explorerUrl ? (
                  <a
                    href={address.explorerUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-medium text-brand-ink underline underline-offset-4"
                  >
                    Check on the explorer<span className="sr-only"> ({address.address})</span>
                  </a>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-ink-muted">The platform has no address on this network.</p>
      )}
    </section>
  );
}

function WhatItShows() {
  return (
    <Section title="What this shows, and what it does not" id="limits">
      <p className="font-medium text-ink">A proof that verifies shows that:</p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          your balance as CropVest recorded it when the tree was built (available, held for withdrawals,
          invested in crop plans, and interest accrued and not yet paid) is counted in the published total;
        </li>
        <li>no entry of the tree subtracts from that total: no balance in it is negative;</li>
        <li>
          the addresses listed held the USDT shown at the block shown, which anyone can check on each
          network&apos;s explorer.
        </li>
      </ul>
      <p className="font-medium text-ink">It does not show that:</p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          every investor is in the tree: only each investor can check their own entry, so an account left out
          is found only by its owner checking;
        </li>
        <li>that every entry belongs to a real investor (made-up entries could only raise the total);</li>
        <li>
          the platform owes nothing else, or that the USDT stayed on these addresses after the reading; money
          held anywhere else is not counted;
        </li>
        <li>
          your investments will pay as projected: the tree counts what was recorded, and agricultural
          investments carry risk, including the loss of capital.
        </li>
      </ul>
      <p>
        It is not an audit. The tree holds no names: each entry is a hash of an account id, a secret nonce
        known only to CropVest and that account&apos;s holder, and an amount. Keep your proof file private.
        Questions?{' '}
        <Link to="/support-info" className="font-semibold text-brand-ink underline">
          Contact support
        </Link>
        .
      </p>
    </Section>
  );
}
