// The data `npm run screens` renders (docs/decisions/0111), made through the API as people would: three plans with
// their key information; an investor with KYC approved, suitability answered, a credited deposit, an investment,
// a pending withdrawal, a pending deposit and a support ticket; a second investor whose KYC and deposit wait for
// review, so every admin queue has entries. Names and figures are illustrative, not real people or plans.
import { adminSession, api, registerInvestor, stack, type Session } from '../../test/support/api.ts';
import { acknowledgement, publishKeyInformation } from '../../test/support/key-information.ts';
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

function created<T = { id: string }>(what: string, answer: { status: number; body: unknown }): T {
  if (answer.status !== 201)
    throw new Error(`${what} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}

async function approveKyc(session: Session): Promise<void> {
  const kyc = await submitKyc(session, { firstName: 'Amara', lastName: 'Okafor', nationality: 'Nigerian' });
  const admin = await adminSession();
  const reviewed = await api('PUT', `/api/admin/kyc/${kyc.id}/status`, admin.accessToken, {
    status: 'approved',
  });
  if (reviewed.status !== 200) throw new Error(`KYC review failed: ${JSON.stringify(reviewed.body)}`);
  await kycApprovalReached(session.user.id, 'wallet');
  await kycApprovalReached(session.user.id, 'plans');
}

export async function seedScreens(): Promise<Seeded> {
  const admin = await adminSession();
  const plans: { id: string }[] = [];
  for (const plan of PLANS) {
    const made = created(
      `plan ${plan.title}`,
      await api('POST', '/api/admin/plans', admin.accessToken, {
        ...plan,
        description: `${plan.title}: a season on contracted fields, harvest sold forward to a local mill.`,
        startDate: day(-10),
        endDate: day(plan.durationDays - 10),
        isActive: true,
      }),
    );
    await publishKeyInformation(made.id);
    plans.push(made);
  }
  const [quinoa] = plans as [{ id: string }];

  const password = 'screens-pass-1';
  const amara = await registerInvestor({ name: 'Amara Okafor', email: 'amara.okafor@example.com', password });
  await approveKyc(amara);
  await answerSuitability(amara);
  await fund(amara, '2500');
  const investment = created(
    'investment',
    await api('POST', '/api/investments', amara.accessToken, {
      planId: quinoa.id,
      slotsPurchased: 3,
      ...(await acknowledgement(quinoa.id)),
    }),
  );
  const withdrawal = created(
    'withdrawal',
    await api('POST', '/api/withdrawals', amara.accessToken, {
      amount: '150',
      walletAddress: PAYOUT_ADDRESS,
    }),
  );
  const deposit = created(
    'deposit',
    await api('POST', '/api/deposits', amara.accessToken, { amount: '500' }),
  );
  const ticket = created(
    'ticket',
    await api('POST', '/api/support', amara.accessToken, {
      subject: 'When is the quinoa harvest paid out?',
      category: 'investment',
      priority: 'medium',
      description:
        'I bought three slots of Highland quinoa 2027 and would like to know when the payout arrives.',
    }),
  );

  const luis = await registerInvestor({ name: 'Luis Romero', email: 'luis.romero@example.com' });
  await submitKyc(luis, { firstName: 'Luis', lastName: 'Romero', nationality: 'Peruvian' });
  created('deposit', await api('POST', '/api/deposits', luis.accessToken, { amount: '1200' }));

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
