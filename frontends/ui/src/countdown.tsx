// A live countdown to a deadline (a mailed link that expires). Sighted readers see a clock ticking each second;
// screen readers hear the time left politely, once a minute and in words, instead of a number every second.
import { useEffect, useState } from 'react';
import { formatTimeLeft } from '@cropvest/ui/format';
import { useUiMessages, type UiText } from '@cropvest/ui/messages/catalogue';

/** The current time, renewed every `everyMs` while the component is on screen. */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** What a screen reader hears: whole minutes, so the text (and the announcement) changes once a minute. */
function spokenTimeLeft(milliseconds: number, text: UiText): string {
  if (milliseconds <= 0) return text('ui.countdown.over');
  const minutes = Math.ceil(milliseconds / 60_000);
  return minutes <= 1 ? text('ui.countdown.underAMinute') : text('ui.countdown.minutes', { minutes });
}

export function Countdown({ until, label }: { until: string; label: string }) {
  const { text } = useUiMessages();
  const left = Date.parse(until) - useNow();
  return (
    <p className="text-sm text-ink-muted">
      <span aria-hidden="true">
        {label} <span className="font-mono font-semibold tabular-nums text-ink">{formatTimeLeft(left)}</span>
      </span>
      <span className="sr-only" aria-live="polite" aria-atomic="true">
        {spokenTimeLeft(left, text)}
      </span>
    </p>
  );
}
