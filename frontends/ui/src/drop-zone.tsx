// A file drop zone (react-dropzone, as react-admin's FileInput): click or drop one file, checked for type and
// size before anything is sent, with a preview and the upload's real progress. The upload itself is the
// caller's (the web kit's useUpload); this shows it.
import { useEffect, useId, useMemo, useState } from 'react';
import { useDropzone, type Accept, type FileRejection } from 'react-dropzone';
import { FileText, UploadCloud, X } from 'lucide-react';
import { cn } from '@cropvest/ui/cn';
import { formatFileSize } from '@cropvest/ui/format';
import { acceptedKinds } from '@cropvest/ui/file-kinds';
import { ProgressBar } from '@cropvest/ui/progress';
import { useUiMessages, type UiText } from '@cropvest/ui/messages/catalogue';

export interface DropZoneUpload {
  status: 'idle' | 'uploading' | 'done' | 'failed';
  file?: File;
  /** 0-1 while uploading. */
  progress?: number;
  error?: string;
}

export interface FileDropZoneProps {
  label: string;
  /** What is accepted, said in words ("PNG, JPEG or PDF, up to 5 MB"). */
  hint: string;
  accept: Accept;
  maxSize: number;
  upload: DropZoneUpload;
  onFile: (file: File) => void;
  onClear: () => void;
  disabled?: boolean;
  /** A message from the form (a required proof missing). */
  error?: string | undefined;
}

function rejectionMessage(rejection: FileRejection, accept: Accept, maxSize: number, text: UiText): string {
  const code = rejection.errors[0]?.code;
  if (code === 'file-too-large') return text('ui.drop.tooLarge', { size: formatFileSize(maxSize) });
  if (code === 'file-invalid-type') return text('ui.drop.wrongKind', { kinds: acceptedKinds(accept, text) });
  if (code === 'too-many-files') return text('ui.drop.oneFile');
  return rejection.errors[0]?.message ?? text('ui.drop.unusable');
}

export function FileDropZone({
  label,
  hint,
  accept,
  maxSize,
  upload,
  onFile,
  onClear,
  disabled = false,
  error,
}: FileDropZoneProps) {
  const { text, rich } = useUiMessages();
  const id = useId();
  const [rejected, setRejected] = useState<string | null>(null);
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept,
    maxSize,
    maxFiles: 1,
    multiple: false,
    disabled: disabled || upload.status === 'uploading',
    onDropAccepted: ([file]) => {
      setRejected(null);
      if (file) onFile(file);
    },
    onDropRejected: ([rejection]) => {
      if (rejection) setRejected(rejectionMessage(rejection, accept, maxSize, text));
    },
  });

  const file = upload.file;
  const preview = useMemo(
    () => (file && file.type.startsWith('image/') ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const message = rejected ?? upload.error ?? error;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <div className="space-y-1.5">
      <p id={`${id}-label`} className="text-sm font-medium text-ink">
        {label}
      </p>
      {file && upload.status !== 'idle' ? (
        <div className="flex items-center gap-3 rounded-lg border border-border bg-surface p-3">
          {preview ? (
            <img src={preview} alt="" className="h-14 w-14 rounded object-cover" />
          ) : (
            <FileText aria-hidden="true" className="h-10 w-10 text-ink-subtle" />
          )}
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-ink">{file.name}</p>
            <p className="text-xs text-ink-muted">
              {upload.status === 'done'
                ? text('ui.drop.uploaded', { size: formatFileSize(file.size) })
                : upload.status === 'failed'
                  ? text('ui.drop.notUploaded', { size: formatFileSize(file.size) })
                  : formatFileSize(file.size)}
            </p>
            {upload.status === 'uploading' ? (
              <ProgressBar
                value={(upload.progress ?? 0) * 100}
                label={text('ui.drop.uploading', { name: file.name })}
              />
            ) : null}
          </div>
          <button
            type="button"
            onClick={() => {
              setRejected(null);
              onClear();
            }}
            disabled={disabled}
            className="rounded-md p-2 text-ink-muted hover:bg-surface-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
          >
            <X aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">{text('ui.drop.remove', { name: file.name })}</span>
          </button>
        </div>
      ) : (
        // The file input sits beside the button, not inside it (axe: nested-interactive), and the button's name
        // includes its visible text (axe: label-content-name-mismatch).
        <div>
          <div
            {...getRootProps({
              role: 'button',
              'aria-labelledby': `${id}-label ${id}-action`,
              'aria-describedby': [hintId, message ? errorId : null].filter(Boolean).join(' '),
              'aria-disabled': disabled || undefined,
            })}
            className={cn(
              'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus',
              isDragActive
                ? 'border-brand bg-brand-muted'
                : 'border-border-strong bg-surface hover:bg-surface-muted',
              message ? 'border-danger' : null,
              disabled ? 'cursor-not-allowed opacity-60' : null,
            )}
          >
            <UploadCloud aria-hidden="true" className="h-7 w-7 text-brand" />
            <p id={`${id}-action`} className="text-sm text-ink">
              {rich('ui.drop.action', {
                choose: (chunks) => <span className="font-semibold text-brand-ink">{chunks}</span>,
              })}
            </p>
          </div>
          <input {...getInputProps()} />
        </div>
      )}
      <p id={hintId} className="text-xs text-ink-muted">
        {hint}
      </p>
      {message ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {message}
        </p>
      ) : null}
    </div>
  );
}
