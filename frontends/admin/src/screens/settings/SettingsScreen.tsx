// System Settings (spec section 2; issue 13 section 2): the four tabs General, Interest, Security and Audit, read
// from the server, each section saved by its own button. The tab is in the address (tabs.ts).
import { Settings } from 'lucide-react';
import { useLocation, useNavigate } from '@cropvest/web-kit/router';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@cropvest/ui/tabs';
import { useAdminSettingsQuery } from '../../api/identity.ts';
import { AuditTab } from './AuditTab.tsx';
import { GeneralTab } from './GeneralTab.tsx';
import { InterestTab } from '../../shared/settings/InterestTab.tsx';
import { SecurityTab } from './SecurityTab.tsx';
import { TestimonialsCard } from './TestimonialsCard.tsx';
import { WithdrawalLimitsCard } from './WithdrawalLimitsCard.tsx';
import { useSettingsMessages, type SettingsMessageId } from './messages/catalogue.ts';
import { pathOf, SETTINGS_TABS, tabAt, type SettingsTab } from './tabs.ts';

const TAB_MESSAGES: Record<SettingsTab, SettingsMessageId> = {
  general: 'settings.tabs.general',
  interest: 'settings.tabs.interest',
  security: 'settings.tabs.security',
  audit: 'settings.tabs.audit',
};

export default function SettingsScreen() {
  const { text } = useSettingsMessages();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const tab = tabAt(pathname, search);
  const settings = useAdminSettingsQuery();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold text-ink">
          <Settings aria-hidden="true" className="h-6 w-6 text-brand" /> {text('settings.title')}
        </h1>
        <p className="mt-1 text-ink-muted">{text('settings.intro')}</p>
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) => navigate(pathOf(value as SettingsTab), { scroll: false })}
        activationMode="manual"
      >
        <TabsList aria-label={text('settings.tabs.label')} className="flex-wrap">
          {SETTINGS_TABS.map((name) => (
            <TabsTrigger key={name} value={name}>
              {text(TAB_MESSAGES[name])}
            </TabsTrigger>
          ))}
        </TabsList>
        {tab === 'audit' ? (
          <TabsContent value="audit">
            <AuditTab />
          </TabsContent>
        ) : (
          <QueryView
            query={settings}
            what={text('settings.loading')}
            skeleton={<SkeletonRows rows={4} className="h-14" />}
          >
            {(all) => (
              <>
                <TabsContent value="general" className="space-y-6">
                  <GeneralTab settings={all.general} />
                  <TestimonialsCard />
                </TabsContent>
                <TabsContent value="interest">
                  <InterestTab settings={all.interest} />
                </TabsContent>
                <TabsContent value="security" className="space-y-6">
                  <SecurityTab settings={all.security} />
                  <WithdrawalLimitsCard settings={all.withdrawalLimits} />
                </TabsContent>
              </>
            )}
          </QueryView>
        )}
      </Tabs>
    </div>
  );
}
