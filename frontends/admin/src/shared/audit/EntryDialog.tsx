// One audit entry in full: who, what, on what, from which address, the details the service recorded, and the
// entry's place in the hash chain.
import type { AuditLog } from '@cropvest/contracts/identity/audit';
import { Dialog, DialogContent } from '@cropvest/ui/dialog';
import { formatDateTime, NOT_AVAILABLE } from '@cropvest/ui/format';
import { actionLabel, actorDetail, actorName, bySystem } from './labels.ts';
import { useAuditTrailMessages } from './messages/catalogue.ts';

export interface EntryDialogProps {
  entry: AuditLog;
  /** True when the chain check names this entry as the first that does not verify. */
  broken: boolean;
  onClose: () => void;
}

export function EntryDialog({ entry, broken, onClose }: EntryDialogProps) {
  const { text } = useAuditTrailMessages();
  const facts: [string, string][] = [
    [text('auditTrail.entry.when'), formatDateTime(entry.createdAt)],
    [
      text('auditTrail.entry.admin'),
      bySystem(entry) || entry.adminName
        ? text('auditTrail.entry.adminValue', {
            name: actorName(entry, text),
            detail: actorDetail(entry, text),
          })
        : entry.adminId,
    ],
    [text('auditTrail.entry.action'), actionLabel(entry.action, text)],
    [
      text('auditTrail.entry.target'),
      [entry.targetType, entry.targetId].filter(Boolean).join(' ') || NOT_AVAILABLE,
    ],
    [text('auditTrail.entry.ip'), entry.ipAddress ?? NOT_AVAILABLE],
    [text('auditTrail.entry.id'), entry.id],
    [text('auditTrail.entry.position'), text('auditTrail.column.position', { position: entry.position })],
    [text('auditTrail.entry.hash'), entry.hash],
    [text('auditTrail.entry.previousHash'), entry.prevHash],
  ];
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={text('auditTrail.entry.title', { position: entry.position })}
        className="max-w-2xl"
      >
        <div className="max-h-[70vh] space-y-4 overflow-y-auto">
          {broken ? (
            <p
              role="alert"
              className="rounded-md border border-danger-border bg-danger-muted px-3 py-2 text-sm text-danger-ink"
            >
              {text('auditTrail.entry.broken')}
            </p>
          ) : null}
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_1fr]">
            {facts.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="font-medium text-ink-muted">{term}</dt>
                <dd className="break-all text-ink">{value}</dd>
              </div>
            ))}
          </dl>
          <div>
            <h3 className="mb-1 text-sm font-medium text-ink-muted">{text('auditTrail.entry.details')}</h3>
            <pre
              tabIndex={0}
              role="region"
              aria-label={text('auditTrail.entry.detailsRegion')}
              className="max-h-72 overflow-auto rounded-md bg-surface-muted p-3 text-xs text-ink"
            >
              {JSON.stringify(entry.details, null, 2)}
            </pre>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
