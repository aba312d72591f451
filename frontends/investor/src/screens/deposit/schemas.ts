// The deposit form's checks, straight from the contracts (spec section 5, docs/decisions/0080): the request schema
// and the transaction id check per network. Loaded on the form's first use, so the screen paints without zod.
export { DepositRequest } from '@cropvest/contracts/wallet';
export { checkTxid } from '@cropvest/contracts/chain';
