// "Verify my balance" (docs/decisions/0082): the investor downloads their own proof of liabilities (a JSON file
// with their amount, secret nonce and path) and sees it verified here against the published root; the public page
// says what the proof shows and lets anyone check a proof file.
import { useState } from 'react';
import { Download, ShieldCheck } from 'lucide-react';
import { Link } from '@cropvest/web-kit/router';
import { isApiError } from '@cropvest/web-kit';
import { knownText } from '@cropvest/web-kit/known-texts';
import { saveBlob } from '@cropvest/web-kit/download';
import { useLazyMyLiabilityProofQuery, useProofOfReservesQuery } from '@cropvest/web-kit/proof-of-reserves';
import { Button } from '@cropvest/ui/button';
import { buttonClass } from '@cropvest/ui/button-class';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { formatDateTime, formatUsdtPrecise } from '@cropvest/ui/format';
import { ProofVerifier } from '@cropvest/ui/proof-verifier';
import { useDashboardMessages } from './messages/catalogue.ts';

/** The file a proof is saved as: the day of its build, so proofs of several days sit side by side. */
export const proofFileName = (builtAt: string): string => `cropvest-proof-${builtAt.slice(0, 10)}.json`;

export function VerifyBalanceCard() {
  const { text, rich } = useDashboardMessages();
  const published = useProofOfReservesQuery();
  const [fetchProof, fetched] = useLazyMyLiabilityProofQuery();
  const [saved, setSaved] = useState<{ name: string; text: string } | null>(null);
  const proof = published.data?.proof ?? null;

  const download = async () => {
    const result = await fetchProof(undefined, false);
    if (!result.data) return;
    // A build published since the page loaded: the proof is checked against the root it belongs to.
    if (result.data.rootHash !== proof?.rootHash) await published.refetch();
    const text = JSON.stringify(result.data, null, 2);
    const name = proofFileName(result.data.builtAt);
    saveBlob(new Blob([text], { type: 'application/json' }), name);
    setSaved({ name, text });
  };

  const failure = fetched.isError
    ? isApiError(fetched.error) && fetched.error.status === 404 && fetched.error.serverMessage
      ? knownText(fetched.error.serverMessage)
      : text('dashboard.proof.failed')
    : null;

  return (
    <Card data-testid="verify-balance">
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="h-5 w-5 text-brand" /> {text('dashboard.proof.title')}
        </CardTitle>
        <CardDescription>{text('dashboard.proof.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-ink-muted">
          {proof
            ? text('dashboard.proof.latest', {
                built: formatDateTime(proof.builtAt),
                count: proof.leafCount,
                total: formatUsdtPrecise(proof.total),
              })
            : text(published.isLoading ? 'dashboard.proof.loading' : 'dashboard.proof.none')}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void download()} disabled={!proof || fetched.isFetching}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {text(fetched.isFetching ? 'dashboard.proof.preparing' : 'dashboard.proof.download')}
          </Button>
          <Link to="/proof-of-reserves" className={buttonClass('outline')}>
            {text('dashboard.proof.page')}
          </Link>
        </div>
        {failure ? (
          <p
            role="alert"
            className="rounded-lg border border-warning-border bg-warning-muted p-3 text-sm text-warning-ink"
          >
            {failure}
          </p>
        ) : null}
        {saved && proof ? (
          <div className="space-y-3">
            <p className="text-sm text-ink-muted">
              {rich('dashboard.proof.saved', {
                name: saved.name,
                file: (chunks) => <span className="font-mono">{chunks}</span>,
              })}
            </p>
            <ProofVerifier
              published={{ rootHash: proof.rootHash, total: proof.total }}
              initialProof={saved.text}
            />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
