// Payment Methods: which networks the platform accepts for deposits and for withdrawals, one switch per network
// and direction. The wallet enforces the rules (stated here too, and its refusal shown with its message):
// deposits need an active platform address on the network (Wallet Settings), one network always stays accepted
// for deposits, and withdrawals are paid out on TRC-20 only. The investors' Deposit and Withdraw screens read
// the same list ('PaymentMethods'), refreshed at once.
import type { NetworkType, PaymentMethod } from '@cropvest/contracts/wallet/model';
import { WITHDRAWAL_NETWORKS } from '@cropvest/contracts/chain/networks';
import { toastFailure } from '@cropvest/web-kit/form';
import { Card, CardContent, CardHeader, CardTitle } from '@cropvest/ui/card';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { Switch } from '@cropvest/ui/switch';
import { toast } from '@cropvest/ui/toast';
import {
  usePaymentMethodsQuery,
  usePlatformWalletsQuery,
  useSavePaymentMethodMutation,
} from '../../api/wallet.ts';
import { useWalletsMessages } from './messages/catalogue.ts';
import { hasActiveWallet, networkLabel } from './networks.ts';

type Direction = 'deposits' | 'withdrawals';

export default function PaymentMethodsScreen() {
  const { text } = useWalletsMessages();
  const methods = usePaymentMethodsQuery();
  const wallets = usePlatformWalletsQuery();
  const [save, saving] = useSavePaymentMethodMutation();

  const toggle = async (method: PaymentMethod, direction: Direction, accepted: boolean) => {
    try {
      await save({ ...method, [direction]: accepted }).unwrap();
      toast({
        title: text('wallets.methods.saved', {
          network: networkLabel(method.network),
          accepted: accepted ? 'yes' : 'no',
          direction,
        }),
        variant: 'success',
      });
    } catch (error) {
      toastFailure(error, {
        title: text('wallets.methods.failed'),
        fallback: text('wallets.methods.failedFallback'),
      });
    }
  };

  const depositHint = (network: NetworkType, accepted: boolean, onlyOne: boolean): string => {
    if (!hasActiveWallet(wallets.data, network)) return text('wallets.methods.needsWallet');
    if (accepted && onlyOne) return text('wallets.methods.onlyDeposits');
    if (!accepted) return text('wallets.methods.switchOn');
    return text('wallets.methods.shown');
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">{text('wallets.methods.title')}</h1>
        <p className="mt-1 text-ink-muted">{text('wallets.methods.intro')}</p>
      </div>
      <QueryView
        query={methods}
        what={text('wallets.methods.what')}
        skeleton={<SkeletonRows rows={3} className="h-28" />}
      >
        {(data) => {
          const depositNetworks = data.filter((method) => method.deposits).length;
          return (
            <ul className="grid gap-4 md:grid-cols-3">
              {data.map((method) => {
                const id = `method-${method.network}`;
                const withdrawable = WITHDRAWAL_NETWORKS.includes(method.network);
                return (
                  <li key={method.network}>
                    <Card className="h-full">
                      <CardHeader>
                        <CardTitle level={2} className="text-lg">
                          {text('wallets.network.title', { network: networkLabel(method.network) })}
                        </CardTitle>
                      </CardHeader>
                      <CardContent className="space-y-4">
                        <MethodSwitch
                          id={`${id}-deposits`}
                          label={text('wallets.methods.deposits')}
                          checked={method.deposits}
                          busy={saving.isLoading}
                          hint={depositHint(method.network, method.deposits, depositNetworks === 1)}
                          onChange={(accepted) => void toggle(method, 'deposits', accepted)}
                        />
                        <MethodSwitch
                          id={`${id}-withdrawals`}
                          label={text('wallets.methods.withdrawals')}
                          checked={method.withdrawals}
                          busy={saving.isLoading}
                          disabled={!withdrawable && !method.withdrawals}
                          hint={
                            withdrawable
                              ? text('wallets.methods.withdrawable')
                              : text('wallets.methods.trc20Only')
                          }
                          onChange={(accepted) => void toggle(method, 'withdrawals', accepted)}
                        />
                      </CardContent>
                    </Card>
                  </li>
                );
              })}
            </ul>
          );
        }}
      </QueryView>
    </div>
  );
}

function MethodSwitch(props: {
  id: string;
  label: string;
  checked: boolean;
  busy: boolean;
  disabled?: boolean;
  hint: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div>
        <label htmlFor={props.id} className="font-medium text-ink">
          {props.label}
        </label>
        <p id={`${props.id}-hint`} className="text-sm text-ink-muted">
          {props.hint}
        </p>
      </div>
      <Switch
        id={props.id}
        checked={props.checked}
        disabled={props.busy || props.disabled}
        aria-describedby={`${props.id}-hint`}
        onCheckedChange={props.onChange}
      />
    </div>
  );
}
