// The user page /admin/users/:id (issue 12): the user's header from identity, then sections each read from
// the service that owns them, each with its own small server page and its own loading, empty and error
// states: balance adjustments with their four-eyes state (approve or reject here), an investor's withdrawal limits
// (raised here, docs/decisions/0099), their saved withdrawal addresses and withdrawal holds (decision 0102),
// deposits, withdrawals,
// investments, KYC submissions, support tickets and the audit entries about the user; the account freeze (frozen or
// unfrozen here with a reason) and trusted devices (decisions 0100, 0101). The header carries the
// same Edit, Reset Password and Ban or Unban as the user lists.
import type { AdminUser } from '@cropvest/contracts/identity/admin-users';
import { Link } from '@cropvest/web-kit/router';
import { BACK_LINK_CLASS, BackLinkLabel } from '@cropvest/ui/detail-page';
import { useRouteParams } from '@cropvest/web-kit/screens';
import { Badge } from '@cropvest/ui/badge';
import { Card, CardContent } from '@cropvest/ui/card';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { formatDate, formatDateTime, formatUsdt } from '@cropvest/ui/format';
import { BanNote } from '../../shared/users/BanNote.tsx';
import { UserActions } from '../../shared/users/UserActions.tsx';
import { useAdminUserQuery } from '../../api/identity.ts';
import { AdjustmentsSection } from './AdjustmentsSection.tsx';
import { AccountFreezeSection, TrustedDevicesSection } from './DevicesAndFreezeSections.tsx';
import { AddressBookSection, WithdrawalHoldsSection } from './AccountProtectionSections.tsx';
import { WithdrawalLimitsSection } from './WithdrawalLimitsSection.tsx';
import {
  AuditSection,
  DepositsSection,
  InvestmentsSection,
  KycSection,
  TicketsSection,
  WithdrawalsSection,
} from './sections.tsx';
import { useUserDetailMessages } from './messages/catalogue.ts';

export default function UserDetailScreen() {
  const { text } = useUserDetailMessages();
  const { id } = useRouteParams<'id'>();
  const user = useAdminUserQuery(id ?? '', { skip: !id });
  const userName = user.data?.name ?? text('userDetail.theUser');
  return (
    <div className="space-y-6">
      <Link to="/admin/users" className={BACK_LINK_CLASS}>
        <BackLinkLabel label={text('userDetail.back')} />
      </Link>
      <QueryView
        query={user}
        what={text('userDetail.what')}
        skeleton={<SkeletonRows rows={1} className="h-28" />}
      >
        {(data) => <UserHeader user={data} />}
      </QueryView>
      {id ? (
        <>
          <div className="grid gap-6 2xl:grid-cols-2">
            <AccountFreezeSection userId={id} userName={userName} />
            <TrustedDevicesSection userId={id} />
          </div>
          <AdjustmentsSection userId={id} userName={userName} />
          {user.data?.role === 'investor' ? (
            <>
              <WithdrawalLimitsSection userId={id} userName={user.data.name} />
              <div className="grid gap-6 2xl:grid-cols-2">
                <AddressBookSection userId={id} />
                <WithdrawalHoldsSection userId={id} />
              </div>
            </>
          ) : null}
          <div className="grid gap-6 2xl:grid-cols-2">
            <DepositsSection userId={id} />
            <WithdrawalsSection userId={id} />
            <InvestmentsSection userId={id} />
            <KycSection userId={id} />
            <TicketsSection userId={id} />
            <AuditSection userId={id} />
          </div>
        </>
      ) : null}
    </div>
  );
}

function UserHeader({ user }: { user: AdminUser }) {
  const { text } = useUserDetailMessages();
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h1 className="break-words text-2xl font-bold text-ink">{user.name}</h1>
          <p className="break-all text-ink-muted">{user.email}</p>
          <div className="flex flex-wrap gap-2 pt-1">
            <Badge tone={user.role === 'admin' ? 'solid' : 'outline'}>
              {user.role === 'admin' ? text('userDetail.header.admin') : text('userDetail.header.investor')}
            </Badge>
            <Badge tone={user.isBanned ? 'red' : 'green'}>
              {user.isBanned ? text('userDetail.header.banned') : text('userDetail.header.active')}
            </Badge>
            <Badge tone="gray">{text('userDetail.header.kyc', { status: user.kycStatus })}</Badge>
          </div>
          <p className="pt-1 text-sm text-ink-muted">
            {text('userDetail.header.joined', {
              date: formatDate(user.createdAt),
              lastSignIn: user.lastLoginAt
                ? formatDateTime(user.lastLoginAt)
                : text('userDetail.header.never'),
            })}
          </p>
          <BanNote user={user} />
          <div className="pt-2">
            <UserActions user={user} />
          </div>
        </div>
        <div className="sm:text-end">
          <p className="text-sm text-ink-muted">{text('userDetail.header.balance')}</p>
          <p className="text-2xl font-bold tabular-nums text-ink" data-testid="user-balance">
            {formatUsdt(user.balance)}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
