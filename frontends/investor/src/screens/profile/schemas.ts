// The KYC form's schema, straight from the contract (spec section 5). Loaded on the form's first use.
export { KycSubmitRequest } from '@cropvest/contracts/kyc/model';
