// The public pages the landing footer and the registration form link to: /terms, /privacy, /support-info, and
// /proof-of-reserves (decision 0082), whose verifier loads with it only.
import { lazy, Suspense, useEffect } from 'react';
import { usePublicSettingsQuery, type PublicPageName } from '@cropvest/web-kit';
import { PageSpinner } from '@cropvest/ui/spinner';
import { Section } from './Section.tsx';
import { SiteFooter, SiteHeader } from './SiteChrome.tsx';

const ProofOfReserves = lazy(() => import('./ProofOfReserves.tsx'));

const TITLES: Record<PublicPageName, string> = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  'support-info': 'Contact Support',
  'proof-of-reserves': 'Proof of Reserves',
};

// The pages' own texts are still English (decision 0124: the next area to convert); the header and footer follow the language.
export default function PublicPage({ page }: { page: PublicPageName }) {
  useEffect(() => {
    document.title = `${TITLES[page]} — CropVest`;
  }, [page]);
  return (
    <div className="min-h-screen bg-surface">
      <SiteHeader />
      <main
        id="main"
        className={`mx-auto px-6 py-14 ${page === 'proof-of-reserves' ? 'max-w-5xl' : 'max-w-3xl'}`}
      >
        <h1 className="text-3xl font-bold tracking-tight text-ink">{TITLES[page]}</h1>
        <div className="mt-8 space-y-8 text-ink-muted">
          {page === 'terms' ? (
            <Terms />
          ) : page === 'privacy' ? (
            <Privacy />
          ) : page === 'support-info' ? (
            <SupportInfo />
          ) : (
            <Suspense fallback={<PageSpinner label="Loading the proof of reserves…" />}>
              <ProofOfReserves />
            </Suspense>
          )}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}

function Terms() {
  return (
    <>
      <Section title="The service">
        <p>
          CropVest lets you hold a USDT balance and buy slots in seasonal crop plans. Each plan states its
          slot price, daily interest rate, duration and season dates before you invest. Interest accrues once
          a day on active investments until the plan&apos;s end date (the harvest).
        </p>
      </Section>
      <Section title="Your account">
        <p>
          You must give accurate details, keep your password secret and complete identity verification (KYC)
          before investing or withdrawing.
        </p>
        <p>
          We may suspend an account that breaks these terms or the law; a suspended account cannot sign in
          until the suspension is lifted.
        </p>
      </Section>
      <Section title="Deposits, investments and withdrawals">
        <p>
          Deposits are credited after an administrator has checked the transfer. Principal and accrued
          interest can be withdrawn only after the crop season completes; early withdrawal of an investment is
          not possible. Withdrawals are reviewed by an administrator before they are sent, and the amount is
          held from your balance while the request is open.
        </p>
      </Section>
      <Section title="Risk">
        <p>
          Agricultural investments carry risk, including the loss of capital. Harvests can fail, and past
          performance does not guarantee future results. Projected returns shown on the platform are
          estimates, not guarantees. Invest only what you can afford to lose.
        </p>
      </Section>
    </>
  );
}

function Privacy() {
  return (
    <>
      <Section title="What we keep">
        <p>
          Your name, email address, a hash of your password (never the password itself), your balance and
          transaction history, and the identity documents you submit for KYC.
        </p>
      </Section>
      <Section title="Why we keep it">
        <p>
          To run your account, verify your identity as the law requires, process deposits, investments and
          withdrawals, and answer your support requests.
        </p>
      </Section>
      <Section title="Who can see it">
        <p>
          You, and the platform&apos;s administrators where their work needs it (for example, reviewing a
          deposit or your identity documents). Identity documents and deposit proofs are stored privately and
          shown only through short-lived links. Administrator actions are recorded in an audit log.
        </p>
      </Section>
      <Section title="Your choices">
        <p>You can ask support for a copy of your data or for corrections at any time.</p>
      </Section>
    </>
  );
}

function SupportInfo() {
  const { data } = usePublicSettingsQuery();
  const email = data?.supportEmail;
  return (
    <>
      <Section title="Get in touch">
        <p>
          Email us at{' '}
          {email ? (
            <a className="font-semibold text-brand-ink underline" href={`mailto:${email}`}>
              {email}
            </a>
          ) : (
            'our support address'
          )}
          . We reply within 24 hours. Office hours are Monday-Friday 9:00 AM-6:00 PM EST.
        </p>
        <p>
          Signed-in investors can also open a support ticket from the Support Center and follow its answer
          there.
        </p>
      </Section>
      <Section title="About Us" id="about">
        <p>
          {data?.platformName ?? 'CropVest'} is an agricultural investment platform: investors fund seasonal
          crop plans in USDT and earn a daily rate until harvest, while administrators publish the plans,
          review deposits, withdrawals and identity checks, and keep an audit trail of their actions.
        </p>
      </Section>
    </>
  );
}
