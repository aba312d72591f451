// Everything support reacts to, in one place: identity's user events keep the opener projection fresh.
import { userDirectorySubscriptions, type Subscription } from '@cropvest/service-kit/bus';

export const subscriptions = (): Subscription[] => userDirectorySubscriptions('support');
