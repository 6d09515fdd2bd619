// A whole non-note file's text as it is published (canvases, bases, text attachments): its credentials judged
// under the folder's secret policy, redacted or left as written, each with a warning naming the file and line.
import type { KbIssue } from '../../core/util/issue.js';
import { judgeSecret, redactSpans, type SecretPolicy } from './redactSecrets.js';
import { scanSecrets } from './scanSecrets.js';

/**
 * `text` (of `path`, relative to the knowledge folder; `abs` names the file to the scanner) with each credential
 * the policy does not allow replaced by `[redacted: <rule>]`; `redacted` tells whether any was. Placeholders and
 * allow-listed values stay silently; `--allow-secrets` keeps them as written with a `secret-allowed` warning.
 */
export function redactFileText(text: string, path: string, abs: string, policy: SecretPolicy): { text: string; redacted: boolean; issues: KbIssue[] } {
  const issues: KbIssue[] = [];
  const redact = scanSecrets(text, abs).filter((f) => {
    const verdict = judgeSecret(text, f, policy);
    if (verdict.action === 'redact' || verdict.action === 'allowed')
      issues.push({
        severity: 'warning',
        code: verdict.action === 'redact' ? 'secret' : 'secret-allowed',
        file: path,
        line: f.line,
        message:
          verdict.action === 'redact'
            ? `holds what looks like a credential (${f.kind}); published as [redacted: ${f.rule}]. Take it out of the file (and rotate it if it is real: it is in the history).`
            : `holds what looks like a credential (${f.kind}); published as written because secrets are allowed.`,
      });
    return verdict.action === 'redact';
  });
  return { text: redact.length ? redactSpans(text, redact) : text, redacted: redact.length > 0, issues };
}
