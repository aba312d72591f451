// The entry form's schema, straight from the contract. Loaded on the form's first use.
export { CreateFaqRequest } from '@cropvest/contracts/support/faq';
