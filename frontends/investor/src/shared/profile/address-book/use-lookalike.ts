// The known address a typed one looks like (decision 0097), asked of the wallet only once the address is a valid
// TRC-20 address by the browser's own check (the wallet's rule), so half-typed addresses cost no calls.
import type { Lookalike } from '@cropvest/contracts/wallet/address-book';
import { walletAddressProblem } from '../../withdraw/rules.ts';
import { useLookalikeQuery } from '../../../api/wallet.ts';

export function useLookalike(typed: string | undefined): Lookalike | null {
  const address = (typed ?? '').trim();
  const valid = address !== '' && walletAddressProblem(address) === null;
  const check = useLookalikeQuery(address, { skip: !valid });
  return valid ? (check.currentData?.lookalike ?? null) : null;
}
