import { handlers } from '@cropvest/service-kit/operations';
import * as faq from '../app/faq.ts';
import type { SupportContext } from '../app/context.ts';

/** The FAQ: published to anyone, kept by admins in FAQ Management. */
export const faqRoutes = (support: SupportContext) =>
  handlers('support', {
    faq: ({ query }) => faq.publishedFaq(support, query),
    adminFaq: ({ query }) => faq.allFaq(support, query),
    createFaqEntry: ({ actor, body, meta }) => faq.addFaq(support, actor, body, meta),
    reorderFaq: ({ actor, body, meta }) => faq.reorderFaq(support, actor, body, meta),
    updateFaqEntry: ({ actor, id, body, meta }) => faq.editFaq(support, actor, id, body, meta),
  });
