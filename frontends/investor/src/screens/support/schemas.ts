// The ticket form's schema, straight from the contract (spec section 5). Loaded on the form's first use, so
// the screen paints without zod.
export { CreateTicketRequest } from '@cropvest/contracts/support/model';
