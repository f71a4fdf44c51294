import fs from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';

/** Vite names built assets `name-<8 character hash>.ext`: such a file never changes under its name. */
const CONTENT_HASHED = /^\/assets\/.+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;
const YEAR_SECONDS = 31_536_000;

function acceptedEncodings(request: Request): Set<string> {
  const header = request.get('Accept-Encoding') ?? '';
  return new Set(header.split(',').map((part) => part.split(';')[0]?.trim() ?? ''));
}

interface BuiltFile {
  path: string;
  brotli: boolean;
  gzip: boolean;
}

/** Every file of the build by its URL path, read once: the build does not change under a running node. */
function readBuild(root: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  if (!fs.existsSync(root)) return files;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.br') || entry.name.endsWith('.gz')) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (path.relative(root, file).split(path.sep).some((part) => part.startsWith('.'))) continue;
    files.set(`/${path.relative(root, file).split(path.sep).join('/')}`, { path: file, brotli: fs.existsSync(`${file}.br`), gzip: fs.existsSync(`${file}.gz`) });
  }
  return files;
}

/**
 * Serves the built console: the brotli or gzip copy the build wrote beside a file when the browser
 * accepts it, content-hashed assets cached for a year, everything else revalidated by ETag (locale
 * and help files keep their names across releases). Unknown paths fall through.
 */
export function consoleFiles(webDir: string) {
  const build = readBuild(path.resolve(webDir));
  const send = (request: Request, response: Response, next: NextFunction, urlPath: string, cacheControl: string) => {
    const file = build.get(urlPath);
    if (!file) return false;
    const encodings = acceptedEncodings(request);
    const variant = encodings.has('br') && file.brotli ? 'br' : encodings.has('gzip') && file.gzip ? 'gzip' : undefined;
    response.type(path.extname(file.path));
    response.vary('Accept-Encoding');
    response.set('Cache-Control', cacheControl);
    if (variant) response.set('Content-Encoding', variant);
    const served = variant === 'br' ? `${file.path}.br` : variant === 'gzip' ? `${file.path}.gz` : file.path;
    response.sendFile(served, { cacheControl: false }, (error) => {
      if (error && !response.headersSent) next(error);
    });
    return true;
  };

  return {
    /** A file of the build, if the path names one. */
    files(request: Request, response: Response, next: NextFunction): void {
      if (request.method !== 'GET' && request.method !== 'HEAD') return next();
      let relativePath: string;
      try {
        relativePath = decodeURIComponent(request.path);
      } catch {
        return next();
      }
      if (relativePath === '/' || relativePath.endsWith('/')) return next();
      const cacheControl = CONTENT_HASHED.test(relativePath) ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache';
      if (!send(request, response, next, relativePath, cacheControl)) next();
    },
    /** The single-page app's index, for every other path (the console routes on the client). */
    index(request: Request, response: Response, next: NextFunction): void {
      if (!send(request, response, next, '/index.html', 'no-cache')) {
        response.status(503).type('text').send('The console is not built: run "npm start" (or "npm run build") at the repository root.');
      }
    },
  };
}
