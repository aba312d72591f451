// The Audit tab: the same verifiable audit trail as the Audit Logs page (/admin/settings/audit).
import { Link } from '@cropvest/web-kit/router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { AuditTrail } from '../../shared/audit/AuditTrail.tsx';
import { useSettingsMessages } from './messages/catalogue.ts';

export function AuditTab() {
  const { text, rich } = useSettingsMessages();
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{text('settings.audit.title')}</CardTitle>
        <CardDescription>
          {rich('settings.audit.description', {
            link: (chunks) => (
              <Link to="/admin/settings/audit" className="font-medium text-brand-ink underline">
                {chunks}
              </Link>
            ),
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AuditTrail />
      </CardContent>
    </Card>
  );
}
