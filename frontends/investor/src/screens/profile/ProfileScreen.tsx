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

const TABS = ['profile', 'security', 'addresses', 'notifications', 'kyc', 'investor-profile'] as const;
type ProfileTabName = (typeof TABS)[number];
const profileTab = (value: string): ProfileTabName =>
  (TABS as readonly string[]).includes(value) ? (value as ProfileTabName) : 'profile';

export default function ProfileScreen() {
  const list = useListState<'tab'>({ filters: { tab: 'profile' } });
  const tab = profileTab(list.filters.tab);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">Profile &amp; Settings</h1>
        <p className="mt-1 text-ink-muted">
          Your account, sign-in security, withdrawal addresses, notifications, identity verification and
          investor profile.
        </p>
      </div>
      <Tabs value={tab} onValueChange={(value) => list.setFilter('tab', value)} activationMode="manual">
        <TabsList aria-label="Settings">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
          <TabsTrigger value="addresses">Withdrawal Addresses</TabsTrigger>
          <TabsTrigger value="notifications">Notifications</TabsTrigger>
          <TabsTrigger value="kyc">KYC Verification</TabsTrigger>
          <TabsTrigger value="investor-profile">Investor Profile</TabsTrigger>
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
