// Investor testimonials (spec section 2, landing order; issue 13 section 6): only those an admin entered with the
// investor's consent recorded (GET /api/settings/testimonials). None, or the call failing: no section at all.
import { Quote, Star } from 'lucide-react';
import { useLandingTestimonialsQuery } from './api/identity.ts';
import { useLandingMessages } from './messages/catalogue.ts';

function Rating({ value }: { value: number }) {
  const { text } = useLandingMessages();
  return (
    <div
      role="img"
      className="flex items-center gap-0.5"
      aria-label={text('landing.testimonials.rating', { value })}
    >
      {Array.from({ length: 5 }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={i < value ? 'h-4 w-4 fill-warning text-warning' : 'h-4 w-4 text-ink-subtle'}
        />
      ))}
    </div>
  );
}

export function Testimonials() {
  const { data } = useLandingTestimonialsQuery();
  const { text } = useLandingMessages();
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="testimonials-title" className="bg-brand-muted/60 py-20">
      <div className="mx-auto max-w-7xl px-6 lg:px-8">
        <h2 id="testimonials-title" className="text-3xl font-bold tracking-tight">
          {text('landing.testimonials.title')}
        </h2>
        <p className="mt-2 max-w-2xl text-ink-muted">{text('landing.testimonials.intro')}</p>
        <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {data.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-col rounded-xl bg-surface p-6 shadow-sm ring-1 ring-border"
            >
              <Quote aria-hidden="true" className="h-6 w-6 text-brand" />
              <blockquote className="mt-3 flex-1 text-ink-muted">{entry.content}</blockquote>
              <Rating value={entry.rating} />
              <p className="mt-3 font-semibold text-ink">{entry.name}</p>
              {entry.role || entry.location ? (
                <p className="text-sm text-ink-muted">
                  {[entry.role, entry.location].filter(Boolean).join(' · ')}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
