// A submission's documents inside the review dialog: one view button per document (the back of the ID only
// when given); the chosen one is shown inline through its short-lived link, an image with zoom (buttons and
// the keyboard) or a PDF in a frame, with a link to open it in a new tab.
import { useState } from 'react';
import { ExternalLink, FileText, Image as ImageIcon, ZoomIn, ZoomOut } from 'lucide-react';
import type { KycDocumentLink } from '@cropvest/contracts/kyc/model';
import { Button } from '@cropvest/ui/button';
import { cn } from '@cropvest/ui/cn';
import { QueryView } from '@cropvest/ui/query-view';
import { Skeleton } from '@cropvest/ui/skeleton';
import { formatDateTime } from '@cropvest/ui/format';
import { useKycDocumentsQuery } from '../../api/kyc.ts';
import { DOCUMENTS, type DocumentKey } from '../../shared/kyc/list.ts';
import { useSharedKycMessages } from '../../shared/kyc/messages/catalogue.ts';
import { useKycMessages } from './messages/catalogue.ts';

const ZOOM_STEPS = [1, 1.5, 2, 3] as const;

export function DocumentViewer({ kycId, owner }: { kycId: string; owner: string }) {
  const { text } = useKycMessages();
  const { text: kycText } = useSharedKycMessages();
  const links = useKycDocumentsQuery(kycId);
  const [chosen, setChosen] = useState<DocumentKey>('front');
  return (
    <section aria-labelledby={`${kycId}-documents`} className="space-y-3">
      <h3 id={`${kycId}-documents`} className="text-sm font-semibold text-ink">
        {text('kyc.documents.title')}
      </h3>
      <QueryView query={links} what={text('kyc.documents.what')} skeleton={<Skeleton className="h-72" />}>
        {(data) => {
          const available = DOCUMENTS.filter(({ key }) => data[key] !== null);
          const shown = data[chosen] ? chosen : 'front';
          const chosenDocument = DOCUMENTS.find(({ key }) => key === shown);
          const label = chosenDocument ? kycText(chosenDocument.label) : text('kyc.documents.fallback');
          return (
            <div className="space-y-3">
              <div role="group" aria-label={text('kyc.documents.choose')} className="flex flex-wrap gap-2">
                {available.map(({ key, label: name }) => (
                  <Button
                    key={key}
                    size="sm"
                    variant={key === shown ? 'primary' : 'outline'}
                    aria-pressed={key === shown}
                    onClick={() => setChosen(key)}
                  >
                    {data[key]?.contentType === 'application/pdf' ? (
                      <FileText aria-hidden="true" className="h-3.5 w-3.5" />
                    ) : (
                      <ImageIcon aria-hidden="true" className="h-3.5 w-3.5" />
                    )}
                    {kycText(name)}
                  </Button>
                ))}
                {data.back === null ? (
                  <p className="self-center text-xs text-ink-muted">{text('kyc.documents.noBack')}</p>
                ) : null}
              </div>
              <DocumentPane
                key={shown}
                link={data[shown] as KycDocumentLink}
                name={text('kyc.documents.name', { document: label, owner })}
              />
            </div>
          );
        }}
      </QueryView>
    </section>
  );
}

function DocumentPane({ link, name }: { link: KycDocumentLink; name: string }) {
  const { text, rich } = useKycMessages();
  const [zoom, setZoom] = useState(0);
  const isPdf = link.contentType === 'application/pdf';
  const scale = ZOOM_STEPS[zoom] ?? 1;
  return (
    <div className="space-y-2">
      {isPdf ? (
        <iframe
          src={link.url}
          title={text('kyc.documents.pdf', { name })}
          className="h-[55vh] w-full rounded-md border border-border"
        />
      ) : (
        <>
          <div className="flex items-center gap-2">
            <Button
              size="sm"
              variant="outline"
              disabled={zoom === 0}
              onClick={() => setZoom((z) => Math.max(z - 1, 0))}
            >
              <ZoomOut aria-hidden="true" className="h-3.5 w-3.5" /> {text('kyc.documents.zoomOut')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={zoom === ZOOM_STEPS.length - 1}
              onClick={() => setZoom((z) => Math.min(z + 1, ZOOM_STEPS.length - 1))}
            >
              <ZoomIn aria-hidden="true" className="h-3.5 w-3.5" /> {text('kyc.documents.zoomIn')}
            </Button>
            <span aria-live="polite" className="text-xs tabular-nums text-ink-muted">
              {text('kyc.documents.zoom', { scale })}
            </span>
          </div>
          {/* Scrollable when zoomed; focusable so the keyboard can scroll it too. */}
          <div
            tabIndex={0}
            role="region"
            aria-label={text('kyc.documents.scrollable', { name })}
            className="max-h-[55vh] overflow-auto rounded-md border border-border bg-surface-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
          >
            <img
              src={link.url}
              alt={name}
              {...(zoom > 0 ? { style: { width: `${scale * 100}%` } } : {})}
              className={cn(
                'mx-auto block h-auto',
                zoom === 0 ? 'max-h-[55vh] w-full object-contain' : 'max-w-none',
              )}
            />
          </div>
        </>
      )}
      <p className="flex flex-wrap items-center justify-between gap-2 text-xs text-ink-muted">
        <span>{text('kyc.documents.expires', { time: formatDateTime(link.expiresAt) })}</span>
        <a
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-brand-ink underline"
        >
          <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
          {rich('kyc.documents.open', { name, which: (parts) => <span className="sr-only">{parts}</span> })}
        </a>
      </p>
    </div>
  );
}
