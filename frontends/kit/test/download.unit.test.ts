import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fetchWithSession } from '../src/api.ts';
import { filenameFromDisposition } from '../src/download.ts';

describe('the saved file name (Content-Disposition)', () => {
  it('reads the quoted, the bare and the RFC 5987 forms, preferring filename*', () => {
    expect(
      filenameFromDisposition('attachment; filename="cropvest-statement-2026-03-01-to-2026-03-31.csv"'),
    ).toBe('cropvest-statement-2026-03-01-to-2026-03-31.csv');
    expect(filenameFromDisposition('attachment; filename=report.pdf')).toBe('report.pdf');
    expect(
      filenameFromDisposition(`attachment; filename="fallback.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`),
    ).toBe('résumé.csv');
  });

  it('keeps only the last path segment, and gives null when no usable name is named', () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromDisposition('attachment; filename="a\\\\b.csv"')).toBe('b.csv');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition('attachment; filename=".."')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});

describe('fetchWithSession: the raw response with the session rules', () => {
  const realFetch = globalThis.fetch;
  const store = new Map<string, string>();
  const calls: { url: string; authorization: string | undefined; method: string }[] = [];
  let answers: Response[] = [];

  beforeEach(() => {
    store.clear();
    calls.length = 0;
    (globalThis as { window?: unknown }).window = {
      localStorage: {
        getItem: (key: string) => store.get(key) ?? null,
        setItem: (key: string, value: string) => void store.set(key, value),
        removeItem: (key: string) => void store.delete(key),
      },
    };
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({ url, authorization: headers.authorization, method: init.method ?? 'GET' });
      const next = answers.shift();
      if (!next) throw new Error('no answer left');
      return next;
    }) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    delete (globalThis as { window?: unknown }).window;
  });

  it('sends the bearer token and returns the response untouched', async () => {
    store.set('accessToken', 'a1');
    answers = [new Response('Date,Type\n', { status: 200, headers: { 'content-type': 'text/csv' } })];
    const response = await fetchWithSession({
      url: 'statement',
      params: { from: '2026-03-01', format: 'csv' },
    });
    expect(await response.text()).toBe('Date,Type\n');
    expect(calls).toEqual([
      { url: '/api/statement?from=2026-03-01&format=csv', authorization: 'Bearer a1', method: 'GET' },
    ]);
  });

  it('on a 401 refreshes the tokens once and retries with the new access token', async () => {
    store.set('accessToken', 'old');
    store.set('refreshToken', 'r1');
    answers = [
      new Response('{"message":"Token expired"}', { status: 401 }),
      new Response(JSON.stringify({ accessToken: 'new', refreshToken: 'r2' }), { status: 200 }),
      new Response('%PDF-1.7', { status: 200 }),
    ];
    const response = await fetchWithSession('statement');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('%PDF-1.7');
    expect(calls.map((c) => [c.method, c.url, c.authorization])).toEqual([
      ['GET', '/api/statement', 'Bearer old'],
      ['POST', '/api/auth/refresh', 'Bearer old'],
      ['GET', '/api/statement', 'Bearer new'],
    ]);
    expect(store.get('refreshToken')).toBe('r2');
  });

  it('hands back a 400 as it came, for the caller to read', async () => {
    store.set('accessToken', 'a1');
    answers = [new Response('{"message":"A statement covers at most 1 year per request"}', { status: 400 })];
    const response = await fetchWithSession('statement');
    expect(response.status).toBe(400);
    expect(calls).toHaveLength(1);
  });
});
