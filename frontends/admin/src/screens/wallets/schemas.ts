// The wallet form's schema: the contract's, plus the address checked for the chosen network (the same check the
// wallet applies), so the error shows as the admin types. Loaded on the form's first use.
import { checkAddress } from '@cropvest/contracts/chain/addresses';
import { WalletSettingsUpdate } from '@cropvest/contracts/wallet/model';

export const WalletForm = WalletSettingsUpdate.superRefine((value, ctx) => {
  const check = checkAddress(value.networkType, value.address);
  if (!check.ok) ctx.addIssue({ code: 'custom', path: ['address'], message: check.message });
});
