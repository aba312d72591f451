// Profile and Settings (spec section 2): four tabs, the withdrawal address book of decision 0097 and the investor
// profile of decision 0094; the tab in the address (?tab=kyc), so a link such as the Support Center's Account
// Verification, or the mailed notice of a new withdrawal address (?tab=addresses), opens the right one.
import { useListState } from '@cropvest/web-kit/list-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@cropvest/ui/tabs';
import { AddressBookTab } from './address-book/AddressBookTab.tsx';
import { KycTab } from './KycTab.tsx';
import { NotificationsTab } from './NotificationsTab.tsx';
import { ProfileTab } from './ProfileTab.tsx';
import { SecurityTab } from './SecurityTab.tsx';
import { SuitabilityTab } from './SuitabilityTab.tsx';
import { useProfileMessages, type ProfileMessageId } from './messages/catalogue.ts';

const TABS = ['profile', 'security', 'addresses', 'notifications', 'kyc', 'investor-profile'] as const;
type ProfileTabName = (typeof TABS)[number];
const profileTab = (value: string): ProfileTabName =>
  (TABS as readonly string[]).includes(value) ? (value as ProfileTabName) : 'profile';

const TAB_LABELS: Record<ProfileTabName, ProfileMessageId> = {
  profile: 'profile.tabs.profile',
  security: 'profile.tabs.security',
  addresses: 'profile.tabs.addresses',
  notifications: 'profile.tabs.notifications',
  kyc: 'profile.tabs.kyc',
  'investor-profile': 'profile.tabs.investorProfile',
};

export default function ProfileScreen() {
  const { text } = useProfileMessages();
  const list = useListState<'tab'>({ filters: { tab: 'profile' } });
  const tab = profileTab(list.filters.tab);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">{text('profile.header.title')}</h1>
        <p className="mt-1 text-ink-muted">{text('profile.header.subtitle')}</p>
      </div>
      <Tabs value={tab} onValueChange={(value) => list.setFilter('tab', value)} activationMode="manual">
        <TabsList aria-label={text('profile.tabs.label')}>
          {TABS.map((name) => (
            <TabsTrigger key={name} value={name}>
              {text(TAB_LABELS[name])}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab />
        </TabsContent>
        <TabsContent value="addresses">
          <AddressBookTab />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationsTab />
        </TabsContent>
        <TabsContent value="kyc">
          <KycTab />
        </TabsContent>
        <TabsContent value="investor-profile">
          <SuitabilityTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
