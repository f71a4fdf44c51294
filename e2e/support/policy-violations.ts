import { expect, type Page } from '@playwright/test';

declare global {
  interface Window {
    policyViolations?: string[];
  }
}

/**
 * Collects the Content-Security-Policy violations of a page from its first load on: the
 * `securitypolicyviolation` events and the console's policy messages. `check` asserts there were none.
 */
export async function watchPolicyViolations(page: Page): Promise<{ check: () => Promise<void> }> {
  await page.addInitScript(() => {
    window.policyViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.policyViolations!.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  const policyMessages: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) policyMessages.push(message.text());
  });
  return {
    check: async () => {
      expect(await page.evaluate(() => window.policyViolations)).toEqual([]);
      expect(policyMessages).toEqual([]);
    },
  };
}
