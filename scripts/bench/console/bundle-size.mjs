// Built size of the console from web/dist: what the login route, each other route and the whole
// app load, in JavaScript and CSS, raw and gzipped. Reads the Vite manifest (build.manifest in
// web/vite.config.ts) and the route tables in web/src, so a new page is measured without edits here.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { root, webDist } from '../lib/workspace.mjs';

const WEB = path.join(root, 'web');
/** Public routes and the lazily loaded shell: app-routes.tsx; the shell's child pages: page-routes.ts. */
const APP_ROUTES = 'src/app/routes/app-routes.tsx';
const PAGE_ROUTES = 'src/app/routes/page-routes.ts';
/** A chunk is Monaco's when its source or name says so; so are the chunks only Monaco reaches. */
const MONACO = /monaco|editor\.worker|(?:json|css|html|ts)\.worker/i;
const WEIGHED = /\.(?:js|mjs|css)$/;

const sizes = new Map();

/** Raw and gzipped (level 9) bytes of a built file, by its path under the build folder (web/dist). */
export function fileSize(file, distDir = webDist) {
  const full = path.join(distDir, file);
  if (!sizes.has(full)) {
    const content = fs.readFileSync(full);
    sizes.set(full, { raw: content.length, gzip: zlib.gzipSync(content, { level: 9 }).length });
  }
  return sizes.get(full);
}

function total(files, distDir) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const size = fileSize(file, distDir);
    raw += size.raw;
    gzip += size.gzip;
  }
  return { raw, gzip, files: [...files].sort() };
}

/** The files a chunk brings with it: itself, its CSS, and its static imports, recursively. */
function staticClosure(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the Vite manifest has no chunk ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return new Set([...files].filter((file) => WEIGHED.test(file)));
}

/** Files reachable from the given chunks through static and dynamic imports, not entering chunks `skip` accepts. */
function reachable(manifest, keys, skip) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key] || skip(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

function isMonaco(manifest, key) {
  const chunk = manifest[key];
  return MONACO.test(key) || MONACO.test(chunk.name ?? '') || MONACO.test(chunk.file);
}

/** Resolves an import specifier of a web/src file to its manifest key (a path relative to web/). */
function manifestKey(manifest, fromFile, specifier) {
  const base = path.relative(WEB, path.resolve(path.dirname(path.join(WEB, fromFile)), specifier));
  const candidates = ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts'].map((suffix) => `${base}${suffix}`);
  return candidates.find((candidate) => manifest[candidate]);
}

/**
 * Route → lazily loaded page module, read from the route tables. Public routes map a path to a lazy
 * constant; every other lazy import of app-routes.tsx (the shell) loads on every signed-in route.
 */
function readRoutes(manifest) {
  const appRoutesText = fs.readFileSync(path.join(WEB, APP_ROUTES), 'utf8');
  const lazyConstants = new Map(
    [...appRoutesText.matchAll(/const (\w+) = (?:lazy|preloadable)\(\(\) =>\s*import\('([^']+)'\)/g)].map(([, name, specifier]) => [
      name,
      manifestKey(manifest, APP_ROUTES, specifier),
    ]),
  );
  const publicRoutes = [...appRoutesText.matchAll(/path: '([^']+)', page: (\w+)/g)].map(([, routePath, constant]) => ({
    path: routePath,
    public: true,
    page: lazyConstants.get(constant),
  }));
  const publicPages = new Set(publicRoutes.map((route) => route.page));
  const shell = [...lazyConstants.values()].filter((key) => key && !publicPages.has(key));

  const pageRoutesText = fs.readFileSync(path.join(WEB, PAGE_ROUTES), 'utf8');
  const starts = [...pageRoutesText.matchAll(/path: '([^']+)'/g)];
  const pageRoutes = starts.flatMap((match, index) => {
    const until = starts[index + 1]?.index ?? pageRoutesText.length;
    const specifier = /import\('([^']+)'\)/.exec(pageRoutesText.slice(match.index, until))?.[1];
    return specifier ? [{ path: match[1], public: false, page: manifestKey(manifest, PAGE_ROUTES, specifier) }] : [];
  });
  return { routes: [...publicRoutes, ...pageRoutes], shell };
}

/** Sizes of a build: web/dist, or another build of web/ (see bundle-composition.mjs). */
export function measureBundle(distDir = webDist) {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) {
    throw new Error(`${path.relative(root, manifestFile)} is missing: web/vite.config.ts must set build.manifest (and the console must be built)`);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const entry = staticClosure(manifest, [entryKey]);
  const { routes, shell } = readRoutes(manifest);
  const shellFiles = staticClosure(manifest, shell);
  const monacoFiles = new Set(
    Object.keys(manifest)
      .filter((key) => isMonaco(manifest, key))
      .flatMap((key) => [...reachable(manifest, [key], () => false)]),
  );
  const appFiles = reachable(manifest, [entryKey], (key) => isMonaco(manifest, key));
  const onlyMonaco = new Set([...monacoFiles].filter((file) => !appFiles.has(file)));

  const perRoute = routes.map((route) => {
    if (!route.page) return { path: route.path, page: undefined, note: 'page module not found in the manifest' };
    const pageFiles = staticClosure(manifest, [route.page]);
    const loaded = new Set([...entry, ...(route.public ? [] : shellFiles), ...pageFiles]);
    const own = new Set([...pageFiles].filter((file) => !entry.has(file) && !shellFiles.has(file)));
    return {
      path: route.path,
      page: route.page,
      coldLoad: total(loaded, distDir),
      ownChunks: total(own, distDir),
      loadsMonaco: [...loaded].some((file) => onlyMonaco.has(file)),
    };
  });

  const allFiles = listBuiltFiles(distDir);
  const login = perRoute.find((route) => route.path === '/login');
  return {
    entry: total(entry, distDir),
    /** The shell's chunks beyond the entry's: what signing in adds before the first page. */
    shell: total(new Set([...shellFiles].filter((file) => !entry.has(file))), distDir),
    loginRoute: login?.coldLoad,
    wholeApp: total(allFiles.filter((file) => !onlyMonaco.has(file) && !MONACO.test(file)), distDir),
    monaco: total(allFiles.filter((file) => onlyMonaco.has(file) || MONACO.test(file)), distDir),
    routes: perRoute,
    largestFiles: allFiles
      .map((file) => ({ file, ...fileSize(file, distDir) }))
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 12),
  };
}

/** Every JavaScript and CSS file of the build (workers included), relative to web/dist. */
function listBuiltFiles(distDir, directory = distDir) {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === '.vite' ? [] : listBuiltFiles(distDir, full);
    return WEIGHED.test(entry.name) ? [path.relative(distDir, full)] : [];
  });
}
