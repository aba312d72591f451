// The public pages the landing footer and the registration form link to: /terms, /privacy, /support-info, and
// /proof-of-reserves (decision 0082), whose verifier loads with it only.
import { lazy, Suspense, useEffect } from 'react';
import { usePublicSettingsQuery, type PublicPageName } from '@cropvest/web-kit';
import { PageSpinner } from '@cropvest/ui/spinner';
import { PRODUCT_NAME } from '@cropvest/ui/brand';
import { Section } from './Section.tsx';
import { SiteFooter, SiteHeader } from './SiteChrome.tsx';
import { useLandingMessages, type LandingMessageId } from './messages/catalogue.ts';

const ProofOfReserves = lazy(() => import('./ProofOfReserves.tsx'));

const TITLES: Record<PublicPageName, LandingMessageId> = {
  terms: 'landing.terms.title',
  privacy: 'landing.privacy.title',
  'support-info': 'landing.support.title',
  'proof-of-reserves': 'landing.reserves.title',
};

/** A titled section of a legal page and its paragraphs, one message each. */
interface TextSection {
  title: LandingMessageId;
  paragraphs: readonly LandingMessageId[];
}

const TERMS: readonly TextSection[] = [
  { title: 'landing.terms.service.title', paragraphs: ['landing.terms.service.text'] },
  {
    title: 'landing.terms.account.title',
    paragraphs: ['landing.terms.account.details', 'landing.terms.account.suspension'],
  },
  { title: 'landing.terms.money.title', paragraphs: ['landing.terms.money.text'] },
  { title: 'landing.terms.risk.title', paragraphs: ['landing.terms.risk.text'] },
];

const PRIVACY: readonly TextSection[] = [
  { title: 'landing.privacy.kept.title', paragraphs: ['landing.privacy.kept.text'] },
  { title: 'landing.privacy.purpose.title', paragraphs: ['landing.privacy.purpose.text'] },
  { title: 'landing.privacy.access.title', paragraphs: ['landing.privacy.access.text'] },
  { title: 'landing.privacy.choices.title', paragraphs: ['landing.privacy.choices.text'] },
];

export default function PublicPage({ page }: { page: PublicPageName }) {
  const { text } = useLandingMessages();
  const title = text(TITLES[page]);
  useEffect(() => {
    document.title = text('landing.page.documentTitle', { page: title });
  }, [text, title]);
  return (
    <div className="min-h-screen bg-surface">
      <SiteHeader />
      <main
        id="main"
        className={`mx-auto px-6 py-14 ${page === 'proof-of-reserves' ? 'max-w-5xl' : 'max-w-3xl'}`}
      >
        <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
        <div className="mt-8 space-y-8 text-ink-muted">
          {page === 'terms' ? (
            <TextSections sections={TERMS} />
          ) : page === 'privacy' ? (
            <TextSections sections={PRIVACY} />
          ) : page === 'support-info' ? (
            <SupportInfo />
          ) : (
            <Suspense fallback={<PageSpinner label={text('landing.reserves.loading')} />}>
              <ProofOfReserves />
            </Suspense>
          )}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}

function TextSections({ sections }: { sections: readonly TextSection[] }) {
  const { text } = useLandingMessages();
  return sections.map((section) => (
    <Section key={section.title} title={text(section.title)}>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph}>{text(paragraph)}</p>
      ))}
    </Section>
  ));
}

function SupportInfo() {
  const { data } = usePublicSettingsQuery();
  const { text, rich } = useLandingMessages();
  const email = data?.supportEmail;
  return (
    <>
      <Section title={text('landing.support.contact.title')}>
        <p>
          {rich('landing.support.contact.email', {
            address: email ? (
              <a className="font-semibold text-brand-ink underline" href={`mailto:${email}`}>
                {email}
              </a>
            ) : (
              text('landing.support.contact.ourAddress')
            ),
          })}
        </p>
        <p>{text('landing.support.contact.tickets')}</p>
      </Section>
      <Section title={text('landing.support.about.title')} id="about">
        <p>{text('landing.support.about.text', { platform: data?.platformName ?? PRODUCT_NAME })}</p>
      </Section>
    </>
  );
}
