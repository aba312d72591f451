// Files the API sends as attachments (the account statement): fetched with the session's bearer token and
// its refresh rule (api.ts `fetchWithSession`), read as a blob and saved through a temporary
// `<a download>`, so the token never appears in an address and nothing opens in a new tab.
// By package name, not './api.ts': a remote that bundles this module then uses the shell's one copy of the
// API and its session handler (Module Federation shares '@cropvest/web-kit').
import { fetchWithSession, type ApiRequest } from '@cropvest/web-kit';
import { toApiError, type ApiError } from './errors.ts';

/** How long the saved file's object URL lives: long enough for the browser to start writing it. */
const REVOKE_AFTER_MS = 30_000;

/**
 * The file name a Content-Disposition header names (`filename*=UTF-8''…` preferred over `filename="…"`),
 * reduced to a bare name (no folders), or null when it names none.
 */
export function filenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
    name = (plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim()) || null;
  }
  const bare = name?.split(/[\\/]/).pop()?.trim() ?? '';
  return bare && bare !== '.' && bare !== '..' ? bare : null;
}

/** Hands a blob to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

export interface DownloadOptions {
  /** Aborting it stops the request and the body's reading (the server then stops producing it). */
  signal?: AbortSignal;
  /** Called once the answer's headers arrived, before its body (an export's X-Total-Count, say). */
  onStart?: (headers: Headers) => void;
  /** Called with each piece of the body as it arrives: a progress bar over a streamed file. */
  onChunk?: (chunk: Uint8Array) => void;
}

/** The body as it streams in, piece by piece, gathered into one blob of the answer's type. */
async function readBody(response: Response, onChunk: (chunk: Uint8Array) => void): Promise<Blob> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body) return response.blob();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value as Uint8Array<ArrayBuffer>);
    onChunk(value);
  }
  return new Blob(parts, { type });
}

/**
 * Downloads one file from the API and saves it; resolves with the name it was saved under (the server's
 * Content-Disposition name, else `fallbackName`). A failed call rejects with an ApiError (the server's
 * `message` and field `issues` when it sent JSON), like every other call; nothing is saved unless the whole
 * body arrived.
 */
export async function downloadFile(
  request: ApiRequest | string,
  fallbackName: string,
  options: DownloadOptions = {},
): Promise<string> {
  let response: Response;
  try {
    response = await fetchWithSession(request, options.signal);
  } catch (error) {
    throw {
      status: 0,
      message: `0: ${error instanceof Error ? error.message : 'Network error'}`,
    } satisfies ApiError;
  }
  if (!response.ok) throw toApiError(response.status, response.statusText, await response.text());
  options.onStart?.(response.headers);
  let blob: Blob;
  try {
    blob = options.onChunk ? await readBody(response, options.onChunk) : await response.blob();
  } catch (error) {
    // The connection was cut part-way (or the download was cancelled): the file is incomplete, so nothing is saved.
    throw {
      status: 0,
      message: `0: ${error instanceof Error ? error.message : 'The download was interrupted'}`,
    } satisfies ApiError;
  }
  const filename = filenameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(blob, filename);
  return filename;
}
