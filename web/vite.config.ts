import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compiledMessages } from './compiled-messages-plugin';
import { mqttFromSources } from './mqtt-sources-plugin';
import { precompress } from './precompress-plugin';

// The dev server forwards API calls to the broker (ARCHITECTURE.md "Ports"); override the
// target to point the console at another broker, e.g. STARLING_API_TARGET=http://broker:8083.
const apiTarget = process.env.STARLING_API_TARGET ?? 'http://localhost:8083';

export default defineConfig({
  // One build for every address: the built files name each other relatively, and index.html's
  // <base href> (rewritten by whatever serves the console under a sub-path, README "Behind a reverse
  // proxy") anchors them, so /starling/sessions/x loads /starling/assets/… like /sessions/x loads /assets/….
  base: './',
  plugins: [react(), compiledMessages(), mqttFromSources(), precompress()],
  // The build bundles each worker on its own, with these plugins only (the dev server uses the ones above).
  worker: { plugins: () => [mqttFromSources()] },
  // The dev server prepares mqtt.js (CommonJS) once, with Rolldown and its own plugins.
  optimizeDeps: { rolldownOptions: { plugins: [mqttFromSources()] } },
  resolve: {
    alias: [
      // Blueprint's icon loaders bundle every icon's paths (about 205 kB gzipped) for icons drawn by
      // name; the console draws icon components, and lists the few names it needs in this module.
      {
        find: /^\.\/paths-loaders\/(?:allPathsLoader|splitPathsBySizeLoader)$/,
        replacement: fileURLToPath(new URL('./src/app/icons/named-icon-paths.ts', import.meta.url)),
      },
      // wouter's shim for React 17 and older: React 19 has the hook (src/app/react/use-sync-external-store.ts).
      {
        find: /^use-sync-external-store\/shim(?:\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/app/react/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      // The documentation the help icons open is served by the broker too.
      '/docs': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json maps sources to chunks; scripts/bench reads it to size each route.
    manifest: true,
    // Every browser the console supports (Blueprint 6, React 19) knows <link rel="modulepreload">:
    // no polyfill for older ones in the sign-in route.
    modulePreload: { polyfill: false },
  },
});
