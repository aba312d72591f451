// The Audit tab: the same verifiable audit trail as the Audit Logs page (/admin/settings/audit).
import { Link } from '@cropvest/web-kit/router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { AuditTrail } from '../../shared/audit/AuditTrail.tsx';

export function AuditTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Audit Trail</CardTitle>
        <CardDescription>
          Every admin action on money, access and settings, with who did it, when and from where.{' '}
          <Link to="/admin/settings/audit" className="font-medium text-brand-ink underline">
            Open Audit Logs on its own page
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AuditTrail />
      </CardContent>
    </Card>
  );
}
