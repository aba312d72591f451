// The send form's schema, straight from the contract. Loaded on the form's first use.
export { SendNotificationRequest } from '@cropvest/contracts/notify/model';
