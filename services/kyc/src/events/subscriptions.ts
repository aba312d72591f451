// Everything KYC reacts to, in one place: identity's user events keep the submitter projection fresh.
import { userDirectorySubscriptions, type Subscription } from '@cropvest/service-kit/bus';

export const subscriptions = (): Subscription[] => userDirectorySubscriptions('kyc');
