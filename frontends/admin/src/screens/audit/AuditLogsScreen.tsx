// Audit Logs (/admin/settings/audit): the verifiable audit trail on a page of its own.
import { Card, CardContent } from '@cropvest/ui/card';
import { AuditTrail } from '../../shared/audit/AuditTrail.tsx';

export default function AuditLogsScreen() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">Audit Logs</h1>
        <p className="mt-1 text-ink-muted">
          Every admin action with who did it, from which address and what changed, kept in a tamper-evident
          chain.
        </p>
      </div>
      <Card>
        <CardContent className="pt-6">
          <AuditTrail />
        </CardContent>
      </Card>
    </div>
  );
}
