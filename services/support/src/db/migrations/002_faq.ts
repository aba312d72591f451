import type { Migration } from '@cropvest/service-kit/db';

/**
 * The spec's six questions (section 2, Support Center → FAQ), answered with what this platform really does:
 * interest accrues daily and is paid with the principal at the plan's end date (services/plans, decision
 * 0030), deposits are credited after an admin approves them, withdrawals go to TRC-20 addresses only, and
 * nothing records a crop's outcome, so a poor season does not change what an investment accrues.
 */
export const SEEDED_FAQ: { question: string; answer: string }[] = [
  {
    question: 'How do crop investments work?',
    answer:
      'Each plan is one crop season with a price per slot, a daily interest rate and a start and end date. You buy one or more slots from your available balance; the cost is the slot price times the number of slots. From the later of the plan start and your purchase day, your investment earns the daily rate on its principal for every full day until the plan ends (harvest).',
  },
  {
    question: 'When do I receive my returns?',
    answer:
      'Interest is calculated once a day and shown on My Investments as it grows. At harvest, the plan end date, the principal and all the interest earned are paid into your available balance in one step, and the investment moves to Harvest History. From there you can withdraw them or invest again.',
  },
  {
    question: 'What payment methods are accepted?',
    answer:
      'Deposits are made in USDT only: send USDT to the platform wallet address shown on the Deposit page, on the network named beside it, then submit the deposit form with your transaction id and a screenshot of the transfer. Sending on any other network can lose the funds. An administrator checks each deposit before it is credited, typically within 1-24 hours. Withdrawals are paid in USDT to a TRC-20 address only.',
  },
  {
    question: 'How secure is my investment?',
    answer:
      'Your password is stored only as a one-way argon2id hash, and every request is checked against your session and your role. Every balance change is kept in a double-entry ledger, deposits and withdrawals are reviewed by an administrator, and every administrator action is recorded in an audit log. Identity documents and deposit proofs are kept in private storage. Agricultural investments carry risk; past performance does not guarantee future results.',
  },
  {
    question: 'Can I withdraw my investment early?',
    answer:
      'No. The principal of an investment and its interest stay locked until the crop season completes at harvest (the plan end date); early withdrawal is not allowed. Only your available balance can be withdrawn at any time.',
  },
  {
    question: 'What happens if a crop season fails?',
    answer:
      'The platform does not record crop outcomes today: an investment earns its plan daily rate for every day of the season, and its principal and interest are paid at the plan end date whatever the harvest. An administrator can deactivate a plan so that no new slots are sold; that does not change existing investments. If this ever changes, it will be stated on the plan before you invest. Agricultural investments carry risk; past performance does not guarantee future results.',
  },
];

export const faqSchema: Migration = {
  name: '002_faq',
  up: async (knex) => {
    await knex.schema.createTable('faq_entries', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.text('question').notNullable();
      t.text('answer').notNullable();
      t.integer('position').notNullable();
      t.boolean('published').notNullable().defaultTo(false);
      t.uuid('created_by');
      t.uuid('updated_by');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    // Deferrable, so a reorder can move every row in one statement and be checked at commit.
    await knex.raw(`ALTER TABLE faq_entries
      ADD CONSTRAINT faq_entries_position_unique UNIQUE (position) DEFERRABLE INITIALLY DEFERRED,
      ADD CONSTRAINT faq_entries_position_positive CHECK (position >= 1),
      ADD CONSTRAINT faq_entries_question_length CHECK (char_length(question) BETWEEN 1 AND 300),
      ADD CONSTRAINT faq_entries_answer_length CHECK (char_length(answer) BETWEEN 1 AND 5000)`);
    await knex('faq_entries').insert(
      SEEDED_FAQ.map((entry, index) => ({ ...entry, position: index + 1, published: true })),
    );
  },
};
