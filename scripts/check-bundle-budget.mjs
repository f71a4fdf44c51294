// Fails when the built console (web/dist) outgrows its budget: what a first visit to the sign-in
// page loads, and the whole app without Monaco, gzipped (issue 29; measured as the bench does).
import { measureBundle } from './bench/console/bundle-size.mjs';

/** Bytes, gzipped at level 9 (kB of 1,000 bytes in the bench's reports). */
export const BUNDLE_BUDGET = { loginRoute: 97_000, wholeApp: 600_000 };

export function checkBundleBudget() {
  const bundle = measureBundle();
  const sizes = { loginRoute: bundle.loginRoute?.gzip, wholeApp: bundle.wholeApp.gzip };
  const over = Object.entries(BUNDLE_BUDGET).filter(([part, budget]) => !(sizes[part] <= budget));
  for (const [part, budget] of Object.entries(BUNDLE_BUDGET)) {
    console.log(`${part}: ${sizes[part] ?? 'not found'} bytes gzipped (budget ${budget})`);
  }
  if (over.length > 0) console.error(`Over the budget: ${over.map(([part]) => part).join(', ')} (scripts/bench/README.md, Targets).`);
  return over.length === 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(checkBundleBudget() ? 0 : 1);
