/**
 * Stands in for the `use-sync-external-store` shim (aliased in vite.config.ts). wouter imports the
 * shim to run on React 17 and older; React 19 has the hook itself, and the shim's fallback only
 * adds to the sign-in route.
 */
export { useSyncExternalStore } from 'react';
