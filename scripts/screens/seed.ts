// The data `npm run screens` renders (docs/decisions/0111), made through the API as people would: three plans with
// their key information; an investor with KYC approved, suitability answered, a credited deposit, an investment,
// a pending withdrawal, a pending deposit and a support ticket; a second investor whose KYC and deposit wait for
// review, so every admin queue has entries. Names and figures are illustrative, not real people or plans.
import { plansOperations } from '@cropvest/contracts/plans/api';
import { supportOperations } from '@cropvest/contracts/support/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  approveAsAdmin,
  factories,
  registerInvestor,
  stack,
  stackClient,
  type Session,
} from '../../test/support/api.ts';
import { answerSuitability, kycApprovalReached, submitKyc } from '../../test/support/kyc.ts';
import { fund } from '../../test/support/wallet.ts';
import type { Account } from '../../e2e/support/fixtures.ts';

/** A TRC-20 address in the right form (the withdrawal's destination). */
const PAYOUT_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const PLANS = [
  {
    title: 'Highland quinoa 2027',
    minSlotPrice: '250',
    dailyInterestRate: '0.06',
    durationDays: 120,
    totalSlots: 400,
  },
  {
    title: 'Irrigated winter wheat',
    minSlotPrice: '100',
    dailyInterestRate: '0.05',
    durationDays: 90,
    totalSlots: 250,
  },
  {
    title: 'Coastal rice season',
    minSlotPrice: '150',
    dailyInterestRate: '0.04',
    durationDays: 150,
    totalSlots: 300,
  },
];

export interface Seeded {
  accounts: { investor: Account; admin: Account };
  /** The id that fills a route's ":id" after each collection ("plans" → a plan, "users" → the investor). */
  ids: Record<string, string>;
}

async function approveKyc(session: Session): Promise<void> {
  const kyc = await submitKyc(session, { firstName: 'Amara', lastName: 'Okafor', nationality: 'Nigerian' });
  await approveAsAdmin({ kyc: kyc.id });
  await kycApprovalReached(session.user.id, 'wallet');
  await kycApprovalReached(session.user.id, 'plans');
}

export async function seedScreens(): Promise<Seeded> {
  const client = stackClient();
  const plans: { id: string }[] = [];
  for (const { title, durationDays, ...plan } of PLANS)
    plans.push(
      await factories().plan(
        {
          title,
          durationDays,
          ...plan,
          description: `${title}: a season on contracted fields, harvest sold forward to a local mill.`,
          endDate: day(durationDays - 10),
        },
        { startedDaysAgo: 10 },
      ),
    );
  const [quinoa] = plans as [{ id: string }];

  const password = 'screens-pass-1';
  const amara = await registerInvestor({ name: 'Amara Okafor', email: 'amara.okafor@example.com', password });
  await approveKyc(amara);
  await answerSuitability(amara);
  await fund(amara, '2500');
  const investment = await client.ok(plansOperations.invest, {
    token: amara.accessToken,
    body: { planId: quinoa.id, slotsPurchased: 3, ...(await factories().acknowledgement(quinoa.id)) },
  });
  const withdrawal = await client.ok(walletOperations.requestWithdrawal, {
    token: amara.accessToken,
    body: { amount: '150', walletAddress: PAYOUT_ADDRESS },
  });
  const deposit = await client.ok(walletOperations.createDeposit, {
    token: amara.accessToken,
    body: { amount: '500' },
  });
  const ticket = await client.ok(supportOperations.createTicket, {
    token: amara.accessToken,
    body: {
      subject: 'When is the quinoa harvest paid out?',
      category: 'investment',
      priority: 'medium',
      description:
        'I bought three slots of Highland quinoa 2027 and would like to know when the payout arrives.',
    },
  });

  const luis = await registerInvestor({ name: 'Luis Romero', email: 'luis.romero@example.com' });
  await submitKyc(luis, { firstName: 'Luis', lastName: 'Romero', nationality: 'Peruvian' });
  await client.ok(walletOperations.createDeposit, { token: luis.accessToken, body: { amount: '1200' } });

  return {
    accounts: {
      investor: { email: amara.user.email, password },
      admin: { email: stack().adminEmail, password: stack().adminPassword },
    },
    ids: {
      plans: quinoa.id,
      users: amara.user.id,
      investments: investment.id,
      withdrawals: withdrawal.id,
      deposits: deposit.id,
      support: ticket.id,
      tickets: ticket.id,
    },
  };
}
