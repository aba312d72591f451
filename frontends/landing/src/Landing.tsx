// The public landing page (spec section 2, in its order) under ARCHITECTURE.md section 11: live figures
// from GET /api/stats/public, the real active plans, feature copy that describes what the platform does,
// testimonials only as admins entered them with the investors' consent, and the risk warning always visible in the footer.
import type { ReactNode } from 'react';
import type { Plan } from '@cropvest/contracts';
import { Link } from '@cropvest/web-kit/router';
import {
  BadgeCheck,
  CalendarClock,
  ClipboardCheck,
  FileSearch,
  Scale,
  ShieldCheck,
  Sprout,
  Sun,
  Tractor,
  Wheat,
  Wallet,
} from 'lucide-react';
import { isUnavailable, usePublicStatsQuery } from '@cropvest/web-kit';
import { buttonClass } from '@cropvest/ui/button-class';
import { Badge } from '@cropvest/ui/badge';
import { Skeleton } from '@cropvest/ui/skeleton';
import { EmptyState } from '@cropvest/ui/empty-state';
import {
  formatCount,
  formatDate,
  formatDollars,
  formatRate,
  formatUsdt,
  NOT_AVAILABLE,
} from '@cropvest/ui/format';
import { useActivePlansQuery } from './api/plans.ts';
import { SiteFooter, SiteHeader } from './SiteChrome.tsx';
import { Testimonials } from './Testimonials.tsx';
import { useLandingMessages } from './messages/catalogue.ts';
import wheat from './assets/hero-wheat.svg';
import soy from './assets/hero-soy.svg';
import orchard from './assets/hero-orchard.svg';
import highlands from './assets/hero-highlands.svg';

const HERO_IMAGES = [wheat, soy, orchard, highlands];

export default function Landing({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <LandingFrame>
      <StatsRow />
      <Opportunities signedIn={signedIn} />
      <Features />
      <Process />
      <Testimonials />
      <HowItWorks />
      <CallToAction />
    </LandingFrame>
  );
}

/**
 * The top bar and the hero, then the rest of the page. The build renders the frame alone into the HTML
 * served for / (prerender.tsx), so the first screen paints before any script runs; the live page then
 * replaces it with the same markup at the same place.
 */
export function LandingFrame({ children, firstScreenOnly = false }: LandingFrameProps) {
  return (
    <div className="min-h-screen bg-surface text-ink">
      <SiteHeader />
      <main id="main">
        <Hero />
        {children}
      </main>
      {firstScreenOnly ? null : <SiteFooter />}
    </div>
  );
}

interface LandingFrameProps {
  children?: ReactNode;
  firstScreenOnly?: boolean;
}

function Hero() {
  const { text } = useLandingMessages();
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-inverse">
      <div aria-hidden="true" className="absolute inset-0 -z-10">
        <div
          className="absolute inset-0 bg-cover bg-center"
          style={{ backgroundImage: `url(${HERO_IMAGES[0]})` }}
        />
        {HERO_IMAGES.map((image, index) => (
          <div
            key={image}
            className="absolute inset-0 bg-cover bg-center opacity-0 motion-reduce:hidden"
            style={{
              backgroundImage: `url(${image})`,
              animation: 'hero-fade 12s linear infinite',
              animationDelay: `${index * 3}s`,
            }}
          />
        ))}
        <div className="absolute inset-0 bg-gradient-to-r from-inverse/90 via-inverse/75 to-inverse/40" />
      </div>
      <div className="mx-auto max-w-7xl px-6 py-24 sm:py-32 lg:px-8">
        <div className="max-w-2xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-on-inverse/10 px-3 py-1 text-sm font-medium text-on-inverse-muted ring-1 ring-on-inverse/20">
            <Sprout aria-hidden="true" className="h-4 w-4" /> {text('landing.hero.eyebrow')}
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-bold tracking-tight text-on-inverse sm:text-6xl">
            {text('landing.hero.title')}
          </h1>
          <p className="mt-6 text-lg leading-8 text-on-inverse-muted">{text('landing.hero.text')}</p>
          <div className="mt-10 flex flex-wrap items-center gap-4">
            <Link to="/register" className={buttonClass('bright', 'lg')}>
              {text('landing.hero.start')}
            </Link>
            <a href="#how-it-works" className={buttonClass('outline-light', 'lg')}>
              {text('landing.hero.howItWorks')}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}

function StatsRow() {
  const { data, isLoading, isError } = usePublicStatsQuery();
  const { text } = useLandingMessages();
  const figures = [
    {
      label: text('landing.stats.totalInvested'),
      value: data ? formatUsdt(data.totalInvested) : NOT_AVAILABLE,
      testId: 'stat-total-invested',
      missing: data?.totalInvested == null,
    },
    {
      label: text('landing.stats.investors'),
      value: data ? formatCount(data.investors) : NOT_AVAILABLE,
      testId: 'stat-investors',
      missing: data?.investors == null,
    },
    {
      label: text('landing.stats.activePlans'),
      value: data ? formatCount(data.activePlans) : NOT_AVAILABLE,
      testId: 'stat-active-plans',
      missing: data?.activePlans == null,
    },
    {
      label: text('landing.stats.harvestsPaid'),
      value: data ? formatCount(data.harvestsPaid) : NOT_AVAILABLE,
      testId: 'stat-harvests-paid',
      missing: data?.harvestsPaid == null,
    },
  ];
  return (
    <section aria-labelledby="stats-title" className="border-b border-border bg-surface-muted">
      <div className="mx-auto max-w-7xl px-6 py-10 lg:px-8">
        <h2 id="stats-title" className="sr-only">
          {text('landing.stats.title')}
        </h2>
        <dl className="grid grid-cols-2 gap-6 lg:grid-cols-4">
          {figures.map((figure) => (
            <div
              key={figure.label}
              className="rounded-xl bg-surface p-5 text-center shadow-sm ring-1 ring-border"
            >
              <dt className="text-sm font-medium text-ink-muted">{figure.label}</dt>
              <dd className="mt-2 text-2xl font-bold text-brand-ink sm:text-3xl" data-testid={figure.testId}>
                {isLoading ? <Skeleton className="mx-auto h-8 w-24" /> : figure.value}
              </dd>
              {!isLoading && (figure.missing || isError) ? (
                <dd className="mt-1 text-xs text-ink-muted">{text('landing.stats.notAvailable')}</dd>
              ) : null}
            </div>
          ))}
        </dl>
        <p className="mt-4 text-center text-xs text-ink-muted">
          {data
            ? text('landing.stats.noteAsOf', { date: formatDate(data.generatedAt), missing: NOT_AVAILABLE })
            : text('landing.stats.note', { missing: NOT_AVAILABLE })}
        </p>
      </div>
    </section>
  );
}

function Opportunities({ signedIn }: { signedIn: boolean }) {
  const { data, isLoading, error } = useActivePlansQuery();
  const plans = (data ?? []).filter((plan) => plan.isActive && plan.availableSlots > 0).slice(0, 4);
  const { text } = useLandingMessages();
  return (
    <section
      id="opportunities"
      aria-labelledby="opportunities-title"
      className="mx-auto max-w-7xl px-6 py-20 lg:px-8"
    >
      <h2 id="opportunities-title" className="text-3xl font-bold tracking-tight">
        {text('landing.plans.title')}
      </h2>
      <p className="mt-2 max-w-2xl text-ink-muted">{text('landing.plans.intro')}</p>
      <div className="mt-10">
        {isLoading ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-80" />
            ))}
          </div>
        ) : plans.length ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {plans.map((plan) => (
              <PlanCard key={plan.id} plan={plan} signedIn={signedIn} />
            ))}
          </ul>
        ) : (
          <EmptyState
            icon={<Wheat className="h-8 w-8" />}
            title={
              error && isUnavailable(error) ? text('landing.plans.unavailable') : text('landing.plans.none')
            }
            description={text('landing.plans.noneText')}
            action={
              <Link to="/register" className={buttonClass('primary')}>
                {text('landing.plans.createAccount')}
              </Link>
            }
          />
        )}
      </div>
    </section>
  );
}

function PlanCard({ plan, signedIn }: { plan: Plan; signedIn: boolean }) {
  const { text } = useLandingMessages();
  const startsIn = Math.ceil((Date.parse(plan.startDate) - Date.now()) / 86_400_000);
  const filled =
    plan.totalSlots > 0 ? Math.round(((plan.totalSlots - plan.availableSlots) / plan.totalSlots) * 100) : 0;
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-sm">
      {plan.imageUrl ? (
        <img src={plan.imageUrl} alt="" loading="lazy" className="h-36 w-full object-cover" />
      ) : (
        <div
          aria-hidden="true"
          className="flex h-36 items-center justify-center bg-gradient-to-br from-brand-muted to-warning-muted text-brand-ink"
        >
          <Wheat className="h-10 w-10" />
        </div>
      )}
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-semibold">{plan.title}</h3>
          <Badge tone={startsIn > 0 ? 'yellow' : 'blue'}>
            {startsIn > 0 ? text('landing.plan.startsIn', { days: startsIn }) : text('landing.plan.active')}
          </Badge>
        </div>
        <p className="mt-2 line-clamp-3 text-sm text-ink-muted">{plan.description}</p>
        <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
          <dt className="text-ink-muted">{text('landing.plan.dailyRate')}</dt>
          <dd className="text-end font-semibold">{formatRate(plan.dailyInterestRate)}</dd>
          <dt className="text-ink-muted">{text('landing.plan.duration')}</dt>
          <dd className="text-end font-semibold">
            {text('landing.plan.durationDays', { days: plan.durationDays })}
          </dd>
          <dt className="text-ink-muted">{text('landing.plan.slotPrice')}</dt>
          <dd className="text-end font-semibold">{formatDollars(plan.minSlotPrice, 0)}</dd>
          <dt className="text-ink-muted">{text('landing.plan.harvest')}</dt>
          <dd className="text-end font-semibold">{formatDate(plan.endDate)}</dd>
        </dl>
        <div className="mt-4">
          <div className="flex justify-between text-xs text-ink-muted">
            <span>{text('landing.plan.slotsFilled')}</span>
            <span>{text('landing.plan.filledPercent', { filled })}</span>
          </div>
          <div
            className="mt-1 h-2 rounded-full bg-surface-strong"
            role="progressbar"
            aria-valuenow={filled}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label={text('landing.plan.slotsFilledOf', { plan: plan.title })}
          >
            <div className="h-2 rounded-full bg-brand" style={{ width: `${filled}%` }} />
          </div>
        </div>
        <Link
          to={signedIn ? `/investor/invest?plan=${encodeURIComponent(plan.id)}` : '/register'}
          className={buttonClass('primary', 'md', 'mt-5 w-full')}
        >
          {text('landing.plan.join')}
        </Link>
      </div>
    </li>
  );
}

// Each item's title and text are the messages landing.features.<key>.title and .text.
const FEATURES = [
  { icon: Wallet, key: 'ledger' },
  { icon: CalendarClock, key: 'interest' },
  { icon: ClipboardCheck, key: 'reviews' },
  { icon: BadgeCheck, key: 'kyc' },
  { icon: Scale, key: 'terms' },
  { icon: FileSearch, key: 'audit' },
] as const;

function Features() {
  const { text } = useLandingMessages();
  return (
    <section id="features" aria-labelledby="features-title" className="bg-inverse py-20 text-on-inverse">
      <div className="mx-auto max-w-7xl px-6 lg:px-8">
        <h2 id="features-title" className="text-3xl font-bold tracking-tight">
          {text('landing.features.title')}
        </h2>
        <p className="mt-2 max-w-2xl text-on-inverse-muted">{text('landing.features.intro')}</p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, key }) => (
            <li key={key} className="rounded-xl bg-on-inverse/5 p-6 ring-1 ring-on-inverse/10">
              <Icon aria-hidden="true" className="h-7 w-7 text-inverse-accent" />
              <h3 className="mt-4 font-semibold">{text(`landing.features.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-on-inverse-muted">{text(`landing.features.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

// Each step's title and text are the messages landing.process.<key>.title and .text.
const STEPS = [
  { icon: Sprout, key: 'seed' },
  { icon: Tractor, key: 'planting' },
  { icon: Sun, key: 'growing' },
  { icon: CalendarClock, key: 'tracking' },
  { icon: Wheat, key: 'harvest' },
] as const;

function Process() {
  const { text } = useLandingMessages();
  return (
    <section aria-labelledby="process-title" className="mx-auto max-w-7xl px-6 py-20 lg:px-8">
      <h2 id="process-title" className="text-3xl font-bold tracking-tight">
        {text('landing.process.title')}
      </h2>
      <p className="mt-2 max-w-2xl text-ink-muted">{text('landing.process.intro')}</p>
      <ol className="mt-10 grid gap-6 md:grid-cols-5">
        {STEPS.map(({ icon: Icon, key }, index) => (
          <li key={key} className="rounded-xl border border-border p-5">
            <div className="flex items-center gap-3">
              <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand text-sm font-bold text-on-brand">
                {index + 1}
              </span>
              <Icon aria-hidden="true" className="h-5 w-5 text-brand" />
            </div>
            <h3 className="mt-4 font-semibold">{text(`landing.process.${key}.title`)}</h3>
            <p className="mt-2 text-sm text-ink-muted">{text(`landing.process.${key}.text`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

// Each step's title and text are the messages landing.how.<key>.title and .text.
const HOW_STEPS = ['account', 'choose', 'track'] as const;

function HowItWorks() {
  const { text } = useLandingMessages();
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-20 bg-surface-muted py-20">
      <div className="mx-auto max-w-7xl px-6 lg:px-8">
        <h2 id="how-title" className="text-3xl font-bold tracking-tight">
          {text('landing.how.title')}
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {HOW_STEPS.map((key, index) => (
            <li key={key} className="rounded-xl bg-surface p-6 shadow-sm ring-1 ring-border">
              <span className="text-4xl font-bold text-brand">{index + 1}</span>
              <h3 className="mt-3 text-lg font-semibold">{text(`landing.how.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-ink-muted">{text(`landing.how.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function CallToAction() {
  const { text } = useLandingMessages();
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-7xl px-6 py-20 lg:px-8">
      <div className="rounded-2xl bg-inverse px-8 py-14 text-center text-on-inverse">
        <ShieldCheck aria-hidden="true" className="mx-auto h-10 w-10 text-inverse-accent" />
        <h2 id="cta-title" className="mt-4 text-3xl font-bold tracking-tight">
          {text('landing.cta.title')}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-on-inverse-muted">{text('landing.cta.text')}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <Link to="/register" className={buttonClass('light', 'lg')}>
            {text('landing.cta.start')}
          </Link>
          <a href="#features" className={buttonClass('outline-light', 'lg')}>
            {text('landing.cta.learnMore')}
          </a>
        </div>
      </div>
    </section>
  );
}
