// An audit entry's action and actor in the admin's language, for the tables that show entries outside the trail
// (a user's page lists the entries about them).
import type { AuditAction, AuditLog } from '@cropvest/contracts/identity/audit';
import { actionLabel, actorName } from './labels.ts';
import { useAuditTrailMessages } from './messages/catalogue.ts';

export function ActionName({ action }: { action: AuditAction }) {
  const { text } = useAuditTrailMessages();
  return actionLabel(action, text);
}

export function ActorName({ entry }: { entry: Pick<AuditLog, 'adminId' | 'adminName'> }) {
  const { text } = useAuditTrailMessages();
  return actorName(entry, text);
}
