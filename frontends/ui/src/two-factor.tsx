// What enrolling in two-factor sign-in shows, at sign-in (shell) and in the account's Security tab (investor).
import { QRCodeSVG } from 'qrcode.react';
import { CopyButton } from '@cropvest/ui/copy-button';
import { useUiMessages } from '@cropvest/ui/messages/catalogue';

/** The QR code of the otpauth URI and the secret to type in by hand. */
export function EnrolmentSecret({ setup }: { setup: { secret: string; otpauthUri: string } }) {
  const { text, rich } = useUiMessages();
  return (
    <div className="flex flex-col items-center gap-3">
      <div className="rounded-lg border border-border bg-surface p-3">
        <QRCodeSVG value={setup.otpauthUri} size={176} role="img" aria-label={text('ui.twoFactor.qr')} />
      </div>
      <p className="text-center text-sm text-ink-muted">
        {rich('ui.twoFactor.byHand', {
          key: (
            <code
              className="break-all rounded bg-surface-muted px-1 font-mono text-ink"
              data-testid="totp-secret"
            >
              {setup.secret}
            </code>
          ),
        })}
      </p>
    </div>
  );
}

/** The recovery codes, shown once, to copy before going on. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const { text } = useUiMessages();
  return (
    <div className="space-y-3">
      <p className="text-sm text-ink-muted">{text('ui.twoFactor.recoveryHint')}</p>
      <ul
        aria-label={text('ui.twoFactor.recoveryCodes')}
        className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-surface-muted p-4 font-mono text-sm text-ink"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <CopyButton
        value={codes.join('\n')}
        label={text('ui.twoFactor.copyCodes')}
        copied={{ title: text('ui.copy.address.title'), description: text('ui.twoFactor.copied') }}
      />
    </div>
  );
}
