// One audit entry in full: who, what, on what, from which address, the details the service recorded, and the
// entry's place in the hash chain.
import type { AuditLog } from '@cropvest/contracts/audit';
import { Dialog, DialogContent } from '@cropvest/ui/dialog';
import { formatDateTime, NOT_AVAILABLE } from '@cropvest/ui/format';
import { ACTION_LABELS, actorDetail, actorName, bySystem } from './labels.ts';

export interface EntryDialogProps {
  entry: AuditLog;
  /** True when the chain check names this entry as the first that does not verify. */
  broken: boolean;
  onClose: () => void;
}

export function EntryDialog({ entry, broken, onClose }: EntryDialogProps) {
  const facts: [string, string][] = [
    ['When', formatDateTime(entry.createdAt)],
    [
      'Admin',
      bySystem(entry) || entry.adminName ? `${actorName(entry)} (${actorDetail(entry)})` : entry.adminId,
    ],
    ['Action', ACTION_LABELS[entry.action] ?? entry.action],
    ['Target', [entry.targetType, entry.targetId].filter(Boolean).join(' ') || NOT_AVAILABLE],
    ['IP address', entry.ipAddress ?? NOT_AVAILABLE],
    ['Entry ID', entry.id],
    ['Position in chain', `#${entry.position}`],
    ['Hash', entry.hash],
    ['Previous hash', entry.prevHash],
  ];
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={`Audit entry #${entry.position}`} className="max-w-2xl">
        <div className="max-h-[70vh] space-y-4 overflow-y-auto">
          {broken ? (
            <p
              role="alert"
              className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
            >
              The chain check stops at this entry: it does not verify.
            </p>
          ) : null}
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_1fr]">
            {facts.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="font-medium text-slate-700">{term}</dt>
                <dd className="break-all text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <div>
            <h3 className="mb-1 text-sm font-medium text-slate-700">Details</h3>
            <pre
              tabIndex={0}
              aria-label="Entry details"
              className="max-h-72 overflow-auto rounded-md bg-slate-100 p-3 text-xs text-slate-900"
            >
              {JSON.stringify(entry.details, null, 2)}
            </pre>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
