// The Approve and Add transaction id dialogs' schemas (loaded on the form's first use): the payout's transaction id,
// optional on approval and required afterwards; when given it must be a TRC-20 transaction id (64 hexadecimal
// digits), checked with the contract's own rule so the browser refuses what the wallet would refuse. The output is
// the id as the wallet stores it.
import { checkTxid } from '@cropvest/contracts/chain/networks';
import { z } from '@cropvest/contracts/zod';

export const PayoutTxidForm = z
  .object({ txid: z.string().max(200, 'Transaction id must be at most 200 characters') })
  .transform((form, ctx) => {
    const text = form.txid.trim();
    if (!text) return { txid: null };
    const check = checkTxid('TRC20', text); // withdrawals are paid on TRC-20 only
    if (check.ok) return { txid: check.txid };
    ctx.addIssue({ code: 'custom', path: ['txid'], message: check.message });
    return z.NEVER;
  });

/** The id given after the approval (PUT /api/admin/withdrawals/{id}/txid): required. */
export const RequiredPayoutTxidForm = PayoutTxidForm.refine((form) => form.txid !== null, {
  path: ['txid'],
  message: 'Transaction id is required',
});
