// What enrolling in two-factor sign-in shows, at sign-in (shell) and in the account's Security tab (investor).
import { QRCodeSVG } from 'qrcode.react';
import { CopyButton } from './copy-button.tsx';

/** The QR code of the otpauth URI and the secret to type in by hand. */
export function EnrolmentSecret({ setup }: { setup: { secret: string; otpauthUri: string } }) {
  return (
    <div className="flex flex-col items-center gap-3">
      <div className="rounded-lg border border-border bg-surface p-3">
        <QRCodeSVG
          value={setup.otpauthUri}
          size={176}
          role="img"
          aria-label="QR code for your authenticator app"
        />
      </div>
      <p className="text-center text-sm text-ink-muted">
        Or enter this key by hand:{' '}
        <code
          className="break-all rounded bg-surface-muted px-1 font-mono text-ink"
          data-testid="totp-secret"
        >
          {setup.secret}
        </code>
      </p>
    </div>
  );
}

/** The recovery codes, shown once, to copy before going on. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-ink-muted">
        Save these recovery codes somewhere safe. Each signs you in once if you lose your authenticator app.
        They are shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-surface-muted p-4 font-mono text-sm text-ink"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <CopyButton
        value={codes.join('\n')}
        label="Copy recovery codes"
        copied={{ title: 'Copied!', description: 'Your recovery codes are on the clipboard.' }}
      />
    </div>
  );
}
