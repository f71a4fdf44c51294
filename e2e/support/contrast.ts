import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from '@playwright/test';

// axe-core from npm (e2e/package.json), read from disk and run in the page: never fetched from a CDN.
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeResult {
  id: string;
  nodes: AxeNode[];
}
declare global {
  interface Window {
    axe?: { run(context: Document, options: object): Promise<{ violations: AxeResult[] }> };
  }
}

/**
 * The text of the page that falls short of WCAG AA contrast (4.5:1, 3:1 for large text) against its
 * effective background, as axe-core's color-contrast rule finds it: every visible text node,
 * portals (dialogs, popovers, toasts) included. One line per element: its selector and the ratio.
 * Evaluated rather than added as a script tag: the console's policy allows no inline script.
 */
export async function contrastViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const results = await window.axe!.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] });
    return results.violations;
  });
  return violations.flatMap((violation) => violation.nodes.map((node) => `${node.target.join(' ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`));
}
