import { passwordStrength, strengthLevel, type PasswordStrength } from '@cropvest/ui/password-strength';
import { cn } from '@cropvest/ui/cn';
import { useAuthMessages, type AuthMessageId } from './messages/catalogue.ts';

const colour = {
  'Too short': 'bg-danger',
  Weak: 'bg-warning',
  Fair: 'bg-harvest',
  Strong: 'bg-success',
} as const;

const WORDS: Record<PasswordStrength, AuthMessageId> = {
  'Too short': 'shell.strength.tooShort',
  Weak: 'shell.strength.weak',
  Fair: 'shell.strength.fair',
  Strong: 'shell.strength.strong',
};

/** The spec's strength meter: Too short, Weak, Fair or Strong, as bars and as text. */
export function StrengthMeter({ password }: { password: string }) {
  const { rich, text } = useAuthMessages();
  if (!password) return null;
  const strength = passwordStrength(password);
  const level = strengthLevel[strength];
  return (
    <div className="mt-2" data-testid="password-strength">
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={cn('h-1.5 flex-1 rounded-full', bar <= level ? colour[strength] : 'bg-surface-strong')}
          />
        ))}
      </div>
      <p className="mt-1 text-xs text-ink-muted" aria-live="polite">
        {rich('shell.strength.label', {
          strength: text(WORDS[strength]),
          strong: (chunks) => <span className="font-semibold">{chunks}</span>,
        })}
      </p>
    </div>
  );
}
