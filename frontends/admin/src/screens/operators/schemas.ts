// The operator form's schema, straight from the contract (decision 0092). Loaded on the form's first use.
export { OperatorInput } from '@cropvest/contracts/plans/key-information';
