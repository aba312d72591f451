// The deposit form's schema, straight from the contract (spec section 5, docs/decisions/0080). Loaded on the form's
// first use, so the screen paints without zod.
export { DepositRequest } from '@cropvest/contracts/wallet/model';
