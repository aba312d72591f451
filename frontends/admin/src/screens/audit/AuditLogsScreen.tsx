// Audit Logs (/admin/settings/audit): the verifiable audit trail on a page of its own.
import { Card, CardContent } from '@cropvest/ui/card';
import { AuditTrail } from '../../shared/audit/AuditTrail.tsx';
import { useAuditLogsMessages } from './messages/catalogue.ts';

export default function AuditLogsScreen() {
  const { text } = useAuditLogsMessages();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">{text('auditLogs.title')}</h1>
        <p className="mt-1 text-ink-muted">{text('auditLogs.intro')}</p>
      </div>
      <Card>
        <CardContent className="pt-6">
          <AuditTrail />
        </CardContent>
      </Card>
    </div>
  );
}
