// "Verify a proof": a person pastes their proof file's JSON or drops the file, and it is verified here in the
// browser against the published root (decision 0082), with the verdict said in words. Nothing is sent anywhere.
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { CheckCircle2, FileUp, XCircle } from 'lucide-react';
import type { PublishedRoot } from '@cropvest/contracts/chain/proof';
import { Button } from '@cropvest/ui/button';
import { cn } from '@cropvest/ui/cn';
import { Label } from '@cropvest/ui/input';
import { Textarea } from '@cropvest/ui/textarea';
import type { ProofVerdict } from '@cropvest/ui/proof-text';
import { useUiMessages } from '@cropvest/ui/messages/catalogue';

/** A proof is a few kilobytes; anything much larger is not one. */
const MAX_FILE_BYTES = 256 * 1024;

export interface ProofVerifierProps {
  /** The published root and total the proof must lead to; null before any proof is published. */
  published: PublishedRoot | null;
  /** A proof to start with (the investor's own, just downloaded); it is verified at once. */
  initialProof?: string;
}

export function ProofVerifier({ published, initialProof }: ProofVerifierProps) {
  const { text: say } = useUiMessages();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(initialProof ?? '');
  const [verdict, setVerdict] = useState<ProofVerdict | null>(null);
  const [checking, setChecking] = useState(false);

  const verify = async (proof: string) => {
    setChecking(true);
    try {
      const { verifyProofText } = await import('@cropvest/ui/proof-text');
      setVerdict(await verifyProofText(proof, published, say));
    } finally {
      setChecking(false);
    }
  };

  // A proof handed in (just downloaded) is checked without a click, and again if the published root changes.
  const rootHash = published?.rootHash;
  const total = published?.total;
  useEffect(() => {
    if (!initialProof) return;
    setText(initialProof);
    const root = rootHash && total ? { rootHash, total } : null;
    void import('@cropvest/ui/proof-text')
      .then(({ verifyProofText }) => verifyProofText(initialProof, root, say))
      .then(setVerdict);
  }, [initialProof, rootHash, total, say]);

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setVerdict({ ok: false, title: say('ui.proof.notVerified'), detail: say('ui.proof.tooLarge') });
      return;
    }
    const contents = await file.text();
    setText(contents);
    await verify(contents);
  };

  const onDrop = (event: DragEvent<HTMLTextAreaElement>) => {
    const file = event.dataTransfer.files[0];
    if (!file) return;
    event.preventDefault();
    void readFile(file);
  };

  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-proof`}>{say('ui.proof.field')}</Label>
        <Textarea
          id={`${id}-proof`}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setVerdict(null);
          }}
          onDrop={onDrop}
          aria-describedby={`${id}-hint`}
          spellCheck={false}
          className="min-h-36 font-mono text-xs"
          placeholder='{"version": 1, "rootHash": "…", …}'
        />
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          {say('ui.proof.hint')}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void verify(text)} disabled={checking}>
          {say(checking ? 'ui.proof.verifying' : 'ui.proof.verify')}
        </Button>
        <Button variant="outline" onClick={() => fileInput.current?.click()}>
          <FileUp aria-hidden="true" className="h-4 w-4" /> {say('ui.proof.choose')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          className="sr-only"
          tabIndex={-1}
          aria-label={say('ui.proof.file')}
          onChange={(event) => {
            void readFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      <div role="status" aria-live="polite">
        {verdict ? (
          <div
            data-testid="proof-verdict"
            className={cn(
              'flex gap-3 rounded-lg border p-4 text-sm',
              verdict.ok
                ? 'border-brand-border bg-brand-muted text-brand-ink'
                : 'border-danger-border bg-danger-muted text-danger-ink',
            )}
          >
            {verdict.ok ? (
              <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand" />
            ) : (
              <XCircle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-danger" />
            )}
            <div className="min-w-0 break-words">
              <p className="font-semibold">{verdict.title}</p>
              <p className="mt-1">{verdict.detail}</p>
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}
