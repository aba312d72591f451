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
            <Sprout aria-hidden="true" className="h-4 w-4" /> Seasonal crop plans in USDT
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-bold tracking-tight text-on-inverse sm:text-6xl">
            Invest in the growing season, earn daily until harvest
          </h1>
          <p className="mt-6 text-lg leading-8 text-on-inverse-muted">
            Fund a share of a crop season with USDT. Each plan publishes its slot price, daily rate and season
            dates up front; interest accrues once a day and principal and interest return to your balance at
            harvest.
          </p>
          <div className="mt-10 flex flex-wrap items-center gap-4">
            <Link to="/register" className={buttonClass('bright', 'lg')}>
              Start Investing Today
            </Link>
            <a href="#how-it-works" className={buttonClass('outline-light', 'lg')}>
              See How It Works
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}

function StatsRow() {
  const { data, isLoading, isError } = usePublicStatsQuery();
  const figures = [
    {
      label: 'Total invested',
      value: data ? formatUsdt(data.totalInvested) : NOT_AVAILABLE,
      testId: 'stat-total-invested',
      missing: data?.totalInvested == null,
    },
    {
      label: 'Investors',
      value: data ? formatCount(data.investors) : NOT_AVAILABLE,
      testId: 'stat-investors',
      missing: data?.investors == null,
    },
    {
      label: 'Active plans',
      value: data ? formatCount(data.activePlans) : NOT_AVAILABLE,
      testId: 'stat-active-plans',
      missing: data?.activePlans == null,
    },
    {
      label: 'Harvests paid',
      value: data ? formatCount(data.harvestsPaid) : NOT_AVAILABLE,
      testId: 'stat-harvests-paid',
      missing: data?.harvestsPaid == null,
    },
  ];
  return (
    <section aria-labelledby="stats-title" className="border-b border-border bg-surface-muted">
      <div className="mx-auto max-w-7xl px-6 py-10 lg:px-8">
        <h2 id="stats-title" className="sr-only">
          Platform figures
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
                <dd className="mt-1 text-xs text-ink-muted">Not available yet</dd>
              ) : null}
            </div>
          ))}
        </dl>
        <p className="mt-4 text-center text-xs text-ink-muted">
          Live figures from the platform{data ? `, as of ${formatDate(data.generatedAt)}` : ''}. Figures that
          are not available yet show {NOT_AVAILABLE}.
        </p>
      </div>
    </section>
  );
}

function Opportunities({ signedIn }: { signedIn: boolean }) {
  const { data, isLoading, error } = useActivePlansQuery();
  const plans = (data ?? []).filter((plan) => plan.isActive && plan.availableSlots > 0).slice(0, 4);
  return (
    <section
      id="opportunities"
      aria-labelledby="opportunities-title"
      className="mx-auto max-w-7xl px-6 py-20 lg:px-8"
    >
      <h2 id="opportunities-title" className="text-3xl font-bold tracking-tight">
        Current Investment Opportunities
      </h2>
      <p className="mt-2 max-w-2xl text-ink-muted">
        Crop plans open for investment now. Rates are what each plan pays per day; total returns are
        projections, not promises.
      </p>
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
              error && isUnavailable(error)
                ? 'Plans are not available right now'
                : 'No plans are open for investment right now'
            }
            description="New crop seasons are published here as soon as they open. Create an account to be ready when they do."
            action={
              <Link to="/register" className={buttonClass('primary')}>
                Create an account
              </Link>
            }
          />
        )}
      </div>
    </section>
  );
}

function PlanCard({ plan, signedIn }: { plan: Plan; signedIn: boolean }) {
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
            {startsIn > 0 ? `Starts in ${startsIn}d` : 'Active'}
          </Badge>
        </div>
        <p className="mt-2 line-clamp-3 text-sm text-ink-muted">{plan.description}</p>
        <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
          <dt className="text-ink-muted">Daily rate</dt>
          <dd className="text-right font-semibold">{formatRate(plan.dailyInterestRate)}</dd>
          <dt className="text-ink-muted">Duration</dt>
          <dd className="text-right font-semibold">{plan.durationDays} days</dd>
          <dt className="text-ink-muted">Slot price</dt>
          <dd className="text-right font-semibold">{formatDollars(plan.minSlotPrice, 0)}</dd>
          <dt className="text-ink-muted">Harvest</dt>
          <dd className="text-right font-semibold">{formatDate(plan.endDate)}</dd>
        </dl>
        <div className="mt-4">
          <div className="flex justify-between text-xs text-ink-muted">
            <span>Slots filled</span>
            <span>{filled}%</span>
          </div>
          <div
            className="mt-1 h-2 rounded-full bg-surface-strong"
            role="progressbar"
            aria-valuenow={filled}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label={`${plan.title} slots filled`}
          >
            <div className="h-2 rounded-full bg-brand" style={{ width: `${filled}%` }} />
          </div>
        </div>
        <Link
          to={signedIn ? `/investor/invest?plan=${encodeURIComponent(plan.id)}` : '/register'}
          className={buttonClass('primary', 'md', 'mt-5 w-full')}
        >
          Join Investment
        </Link>
      </div>
    </li>
  );
}

const FEATURES = [
  {
    icon: Wallet,
    title: 'USDT balance on a ledger',
    text: 'Every deposit, investment, payout and withdrawal is recorded as a transfer between accounts, so your balance always adds up.',
  },
  {
    icon: CalendarClock,
    title: 'Interest accrued daily',
    text: "Each active investment earns the plan's published daily rate, once per day, from the season's start until harvest.",
  },
  {
    icon: ClipboardCheck,
    title: 'Reviewed deposits and withdrawals',
    text: 'An administrator checks every deposit against its transfer before crediting it, and reviews every withdrawal before sending it.',
  },
  {
    icon: BadgeCheck,
    title: 'Identity verification',
    text: 'Investors verify their identity (KYC) before investing, which keeps the platform safer for everyone.',
  },
  {
    icon: Scale,
    title: 'Plan terms up front',
    text: 'Slot price, daily rate, duration, season dates and remaining slots are shown before you commit a single USDT.',
  },
  {
    icon: FileSearch,
    title: 'Audit trail',
    text: 'Administrator actions, from approvals to settings changes, are written to an audit log.',
  },
];

function Features() {
  return (
    <section id="features" aria-labelledby="features-title" className="bg-inverse py-20 text-on-inverse">
      <div className="mx-auto max-w-7xl px-6 lg:px-8">
        <h2 id="features-title" className="text-3xl font-bold tracking-tight">
          What the platform does for you
        </h2>
        <p className="mt-2 max-w-2xl text-on-inverse-muted">
          Plain, checkable mechanics: no black boxes between your USDT and the season you fund.
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl bg-on-inverse/5 p-6 ring-1 ring-on-inverse/10">
              <Icon aria-hidden="true" className="h-7 w-7 text-inverse-accent" />
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-on-inverse-muted">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const STEPS = [
  {
    icon: Sprout,
    title: 'Seed selection',
    text: 'A crop plan is published with its slot price, daily rate, number of slots and season dates.',
  },
  {
    icon: Tractor,
    title: 'Planting',
    text: 'Investors buy slots; the cost moves from their available balance into the investment.',
  },
  {
    icon: Sun,
    title: 'Growing season',
    text: 'Interest accrues once a day at the published rate for every active investment.',
  },
  {
    icon: CalendarClock,
    title: 'Growth tracking',
    text: 'Your dashboard shows each season’s progress, days to harvest and interest earned so far.',
  },
  {
    icon: Wheat,
    title: 'Harvest and payout',
    text: 'When the season ends, principal and interest return to your available balance, ready to withdraw.',
  },
];

function Process() {
  return (
    <section aria-labelledby="process-title" className="mx-auto max-w-7xl px-6 py-20 lg:px-8">
      <h2 id="process-title" className="text-3xl font-bold tracking-tight">
        From seed to harvest
      </h2>
      <p className="mt-2 max-w-2xl text-ink-muted">What happens to an investment over one crop season.</p>
      <ol className="mt-10 grid gap-6 md:grid-cols-5">
        {STEPS.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="rounded-xl border border-border p-5">
            <div className="flex items-center gap-3">
              <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand text-sm font-bold text-on-brand">
                {index + 1}
              </span>
              <Icon aria-hidden="true" className="h-5 w-5 text-brand" />
            </div>
            <h3 className="mt-4 font-semibold">{title}</h3>
            <p className="mt-2 text-sm text-ink-muted">{text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function HowItWorks() {
  const steps = [
    {
      title: 'Create an account',
      text: 'Sign up in a minute, then verify your identity with a quick KYC check.',
    },
    {
      title: 'Choose your investment',
      text: 'Deposit USDT and buy slots in a crop plan whose terms suit you.',
    },
    {
      title: 'Track and earn',
      text: 'Follow the season on your dashboard as interest accrues daily, and withdraw after harvest.',
    },
  ];
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-20 bg-surface-muted py-20">
      <div className="mx-auto max-w-7xl px-6 lg:px-8">
        <h2 id="how-title" className="text-3xl font-bold tracking-tight">
          How it works
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-xl bg-surface p-6 shadow-sm ring-1 ring-border">
              <span className="text-4xl font-bold text-brand">{index + 1}</span>
              <h3 className="mt-3 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm text-ink-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function CallToAction() {
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-7xl px-6 py-20 lg:px-8">
      <div className="rounded-2xl bg-inverse px-8 py-14 text-center text-on-inverse">
        <ShieldCheck aria-hidden="true" className="mx-auto h-10 w-10 text-inverse-accent" />
        <h2 id="cta-title" className="mt-4 text-3xl font-bold tracking-tight">
          Ready to fund your first season?
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-on-inverse-muted">
          Open an account, verify your identity and choose a plan when you are ready. Read the risks first:
          crops can fail.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <Link to="/register" className={buttonClass('light', 'lg')}>
            Start Investing Now
          </Link>
          <a href="#features" className={buttonClass('outline-light', 'lg')}>
            Learn More
          </a>
        </div>
      </div>
    </section>
  );
}
