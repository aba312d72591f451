// The plan form's schema, straight from the contract (spec section 5). Loaded on the form's first use.
export { PlanInput } from '@cropvest/contracts/plans/model';
