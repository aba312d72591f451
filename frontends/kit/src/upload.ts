// The spec's upload flow (section 7, ARCHITECTURE.md section 8): ask for a short-lived upload address
// (POST /api/objects/upload), PUT the file there, then hand the object path to the owning call. The PUT goes
// through XMLHttpRequest because fetch reports no upload progress.
import { useCallback, useRef, useState } from 'react';
import type { UploadPurpose, UploadTicket } from '@cropvest/contracts/wallet/model';
import { walletOperations } from '@cropvest/contracts/browser-operations';
// Through the package, not './api.ts': a remote that bundles this module must still use the shell's one
// copy of the session rules (a failed refresh signs the user out instead of only clearing the tokens).
import type { DropZoneUpload } from '@cropvest/ui/drop-zone';
import { callApi, operationRequest, toApiError, toastMessage, type ApiError } from '@cropvest/web-kit';

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; file: File; progress: number }
  | { status: 'done'; file: File; objectPath: string }
  | { status: 'failed'; file: File; error: ApiError };

function put(url: string, file: File, onProgress: (fraction: number) => void, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    if (file.type) xhr.setRequestHeader('content-type', file.type);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : reject(toApiError(xhr.status, xhr.statusText, xhr.responseText));
    xhr.onerror = () => reject({ status: 0, message: '0: The upload was interrupted' } satisfies ApiError);
    xhr.onabort = () => reject({ status: 0, message: '0: The upload was cancelled' } satisfies ApiError);
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** Uploads one file for `purpose`; resolves with the object path to hand to the owning call. */
export async function uploadFile(
  purpose: UploadPurpose,
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const ticket = await callApi(
    operationRequest(walletOperations.uploadTicket, { body: { purpose } }),
    signal,
  );
  if ('error' in ticket) throw ticket.error;
  const { uploadURL, objectPath } = ticket.data as UploadTicket;
  await put(uploadURL, file, onProgress, signal);
  onProgress(1);
  return objectPath;
}

/** One file's upload as React state: start it, watch its progress, reset or replace it. */
export function useUpload(purpose: UploadPurpose) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);

  const start = useCallback(
    async (file: File): Promise<string | null> => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setState({ status: 'uploading', file, progress: 0 });
      try {
        const objectPath = await uploadFile(
          purpose,
          file,
          (progress) => {
            if (!controller.signal.aborted) setState({ status: 'uploading', file, progress });
          },
          controller.signal,
        );
        if (!controller.signal.aborted) setState({ status: 'done', file, objectPath });
        return objectPath;
      } catch (error) {
        if (!controller.signal.aborted) setState({ status: 'failed', file, error: error as ApiError });
        return null;
      }
    },
    [purpose],
  );

  const reset = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setState({ status: 'idle' });
  }, []);

  return { state, start, reset };
}

/** What a FileDropZone shows of an upload's state. */
export function dropZoneState(state: UploadState): DropZoneUpload {
  switch (state.status) {
    case 'idle':
      return { status: 'idle' };
    case 'uploading':
      return { status: 'uploading', file: state.file, progress: state.progress };
    case 'done':
      return { status: 'done', file: state.file };
    case 'failed':
      return {
        status: 'failed',
        file: state.file,
        error: toastMessage(state.error, 'The file could not be uploaded. Remove it and try again.'),
      };
  }
}
