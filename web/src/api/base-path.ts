/**
 * Where the console is served: `/`, or a sub-path such as `/starling/` behind a reverse proxy. One
 * build serves both: index.html holds `<base href="/">`, which the server in front rewrites (README
 * "Behind a reverse proxy"), and every address of the console is resolved below it.
 */
export function basePath(): string {
  const base = document.querySelector('base')?.getAttribute('href') ?? '/';
  return new URL(base, window.location.origin).pathname.replace(/\/*$/, '/');
}

/** A path of the console's own (`/api/…`, `assets/…`) below its base: `/api/x` → `/starling/api/x`. */
export function underBase(path: string): string {
  return basePath() + path.replace(/^\/+/, '');
}
