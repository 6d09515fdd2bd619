// The axe sweep's check, shared by tests/e2e/a11y.spec.ts and tests/e2e/locale.spec.ts: every serious or critical
// violation on the page as it is now (colour contrast included; nothing disabled), one line each.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function seriousViolations(page: Page, label: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  if (results.passes.length + results.violations.length === 0) return [`${label}: axe checked nothing`];
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} — ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join('; ')}`,
    );
}
