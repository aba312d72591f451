// Serves the built micro-frontends (ARCHITECTURE.md section 9): the shell at /, each remote under
// /remotes/<name>/. Content-hashed files are cached for a year (immutable); index.html, remoteEntry.js and
// mf-manifest.json are revalidated every time, so a new deploy is picked up at once. A path with no file
// and no extension is a client route and gets the shell's index.html; / itself gets landing.html, the same
// page with the landing page's first screen already in it, when the build wrote one. Text files are sent
// gzip-compressed when the browser accepts it (compressed once, kept in memory).
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Middleware } from 'koa';

export const REMOTES = ['landing', 'investor', 'admin'] as const;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.map']);
/** rspack names hashed files `<name>.<10 hex>.<ext>` (see frontends/rspack.common.mjs). */
const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export interface StaticOptions {
  /** The folder holding shell/, landing/, investor/ and admin/, each with a dist/ inside. */
  root: string;
}

interface Found {
  file: string;
  size: number;
  mtimeMs: number;
}

async function findFile(file: string): Promise<Found | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? { file, size: info.size, mtimeMs: info.mtimeMs } : null;
  } catch {
    return null;
  }
}

export function staticFiles(options: StaticOptions): Middleware {
  const gzipCache = new Map<string, { mtimeMs: number; body: Buffer }>();

  const resolveInside = (base: string, relative: string): string | null => {
    const full = path.resolve(base, `.${path.posix.normalize(`/${relative}`)}`);
    return full === base || full.startsWith(`${base}${path.sep}`) ? full : null;
  };

  return async (ctx, next) => {
    if (
      (ctx.method !== 'GET' && ctx.method !== 'HEAD') ||
      ctx.path === '/api' ||
      ctx.path.startsWith('/api/') ||
      ['/healthz', '/readyz', '/metrics'].includes(ctx.path)
    )
      return next();

    let decoded: string;
    try {
      decoded = decodeURIComponent(ctx.path);
    } catch {
      ctx.status = 400;
      return;
    }

    let dist = path.join(options.root, 'shell', 'dist');
    let relative = decoded;
    let isRemote = false;
    const remote = REMOTES.find((name) => decoded.startsWith(`/remotes/${name}/`));
    if (remote) {
      dist = path.join(options.root, remote, 'dist');
      relative = decoded.slice(`/remotes/${remote}`.length);
      isRemote = true;
    } else if (decoded.startsWith('/remotes/')) {
      ctx.status = 404;
      ctx.body = 'Not found';
      return;
    }

    // The shell's page for / also carries the landing page's first screen (frontends/build.mjs).
    let found = !isRemote && relative === '/' ? await findFile(path.join(dist, 'landing.html')) : null;
    const target = resolveInside(dist, relative === '/' ? '/index.html' : relative);
    found ??= target ? await findFile(target) : null;
    if (!found) {
      // A client route (no extension) outside /remotes gets the shell's index.html.
      if (isRemote || path.extname(relative)) {
        ctx.status = 404;
        ctx.set('Cache-Control', REVALIDATE);
        ctx.body = 'Not found';
        return;
      }
      found = await findFile(path.join(dist, 'index.html'));
      if (!found) {
        ctx.status = 503;
        ctx.set('Retry-After', '5');
        ctx.body =
          'The web front end has not been built. Run `npm run build:web` (npm start does this for you).';
        return;
      }
    }

    const ext = path.extname(found.file);
    ctx.type = TYPES[ext] ?? 'application/octet-stream';
    ctx.set('Cache-Control', HASHED.test(path.basename(found.file)) ? IMMUTABLE : REVALIDATE);
    ctx.set('Last-Modified', new Date(found.mtimeMs).toUTCString());
    if (ext === '.json' || found.file.endsWith('remoteEntry.js')) ctx.set('Access-Control-Allow-Origin', '*');

    if (COMPRESSIBLE.has(ext) && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      let cached = gzipCache.get(found.file);
      if (!cached || cached.mtimeMs !== found.mtimeMs) {
        cached = { mtimeMs: found.mtimeMs, body: gzipSync(await readFile(found.file), { level: 9 }) };
        gzipCache.set(found.file, cached);
      }
      ctx.set('Content-Encoding', 'gzip');
      ctx.vary('Accept-Encoding');
      ctx.body = cached.body;
      return;
    }
    ctx.length = found.size;
    if (ctx.method === 'HEAD') {
      ctx.status = 200;
      return;
    }
    ctx.body = createReadStream(found.file);
  };
}
