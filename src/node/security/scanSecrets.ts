import { extname } from 'node:path';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import type {
  SecretLintRuleContext,
  SecretLintRuleCreator,
  SecretLintRuleIgnoreDescriptor,
  SecretLintRuleLocalizeMessages,
  SecretLintRuleReportDescriptor,
  SecretLintSourceCode,
} from '@secretlint/types';

/**
 * A credential found in a file: where it is, never what it is (the cache and every message carry this,
 * so none can leak the secret).
 */
export interface SecretFinding {
  /** 1-based line of its first character. */
  line: number;
  /** Short rule name, e.g. `github`, `privatekey`, `database-connection-string`, `jwt`. */
  rule: string;
  /** Rule and message id, e.g. `github (GITHUB_TOKEN)`, `privatekey (PrivateKey)`. */
  kind: string;
  /** Its span in the scanned text: `[start, end)` in UTF-16 units. */
  start: number;
  end: number;
}

/**
 * A JSON Web Token: header and payload are base64url JSON objects (`eyJ` is `{"`), then a signature.
 * eyJ[\w-]{8,} header · \. · eyJ[\w-]{8,} payload · \. · [\w-]{16,} signature (Secretlint's preset has no JWT rule).
 */
const JWT = /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/g;

/**
 * Scan one file's text with Secretlint's recommended preset (the scanner repomix uses), plus a JWT rule,
 * synchronously, so `indexKnowledgeFolder` stays a plain function and every caller (CLI, site build,
 * tests) is covered.
 *
 * It drives the preset's rules through Secretlint's public rule API (`create(context).file(source)`);
 * every rule of the installed preset is synchronous. tests/unit/secrets.test.ts checks that the findings
 * equal `@secretlint/core`'s `lintSource` on the fixtures, so a future async rule or API change fails there.
 */
export function scanSecrets(content: string, filePath: string): SecretFinding[] {
  const source = sourceCode(content, filePath);
  const reported: { ruleId: string; messageId: string; range: readonly [number, number] }[] = [];
  const ignored: SecretLintRuleIgnoreDescriptor[] = [];
  for (const rule of recommended.rules as SecretLintRuleCreator<unknown>[]) {
    if (!rule.meta.supportedContentTypes.some((t) => t === 'text' || t === 'all')) continue;
    const context: SecretLintRuleContext = {
      sharedOptions: {},
      createTranslator: <T extends SecretLintRuleLocalizeMessages>(messages: T) => translator(messages) as never,
      report: (d: SecretLintRuleReportDescriptor) => reported.push({ ruleId: rule.meta.id, messageId: d.message.messageId, range: d.range }),
      ignore: (d: SecretLintRuleIgnoreDescriptor) => ignored.push(d),
    };
    const handler = rule.create(context, {});
    const pending = handler.file?.(source);
    if (pending instanceof Promise) throw new Error(`secret scanner: rule ${rule.meta.id} is asynchronous; scanSecrets cannot run it.`);
  }
  for (const m of content.matchAll(JWT)) reported.push({ ruleId: 'jwt', messageId: 'JSONWebToken', range: [m.index, m.index + m[0].length] });
  // `secretlint-disable` comments (the filter rule) silence findings inside their range, as lintSource does.
  const kept = reported.filter(
    (r) =>
      !ignored.some((i) => i.range[0] <= r.range[0] && r.range[1] <= i.range[1] && (i.targetRuleId === '*' || !i.targetRuleId || i.targetRuleId === r.ruleId)),
  );
  const seen = new Set<string>();
  const out: SecretFinding[] = [];
  for (const r of kept.sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1])) {
    const rule = r.ruleId.replace(/^@secretlint\/secretlint-rule-/, '');
    const finding = { line: source.indexToPosition(r.range[0]).line, rule, kind: `${rule} (${r.messageId})`, start: r.range[0], end: r.range[1] };
    const key = `${finding.start}\0${finding.end}\0${finding.kind}`;
    if (!seen.has(key)) out.push(finding);
    seen.add(key);
  }
  return out;
}

/** The part of Secretlint's message translator the rules use: `t(id, data)` → `{ message, messageId, data }`. */
function translator(messages: SecretLintRuleLocalizeMessages) {
  return (messageId: string, data?: object) => {
    const handler = messages[messageId] as unknown;
    const en = typeof handler === 'function' ? handler : (handler as Record<string, unknown> | undefined)?.en;
    const message = typeof en === 'function' ? String((en as (d?: object) => unknown)(data ?? {})) : '';
    return { message, messageId, data };
  };
}

function sourceCode(content: string, filePath: string): SecretLintSourceCode {
  const starts = [0];
  for (let i = content.indexOf('\n'); i >= 0; i = content.indexOf('\n', i + 1)) starts.push(i + 1);
  const indexToPosition = (index: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: index - starts[lo]! };
  };
  const positionToIndex = (pos: { line: number; column: number }) => (starts[pos.line - 1] ?? content.length) + pos.column;
  return {
    hasBOM: false,
    content,
    filePath,
    physicalFilePath: filePath,
    contentType: 'text',
    ext: extname(filePath),
    getFilePath: () => filePath,
    getPhysicalFilePath: () => filePath,
    indexToPosition,
    positionToIndex,
    rangeToLocation: (range) => ({ start: indexToPosition(range[0]), end: indexToPosition(range[1]) }),
    locationToRange: (loc) => [positionToIndex(loc.start), positionToIndex(loc.end)],
  };
}
