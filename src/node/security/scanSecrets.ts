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
 * An AWS access key id, as gitleaks reports it (Secretlint's AWS rule reports ids only when asked, and leaves
 * out ABIA and ACCA): \b · (A3T[A-Z0-9] | AKIA long-term | ASIA temporary | ABIA | ACCA) prefix · [A-Z0-9]{16} · \b.
 * An id is half a credential and names the account: redacted like the secret beside it.
 */
const AWS_KEY_ID = /\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/g;

/**
 * A Stripe secret or restricted key (`sk_live_`, `rk_test_`, …) or webhook signing secret (`whsec_`), as GitHub's
 * secret scanning reports them; Secretlint's preset has no Stripe rule. Publishable keys (`pk_`) are public.
 */
const STRIPE = /\b(?:(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{24,247}|whsec_[0-9A-Za-z+/=]{32,})(?![0-9A-Za-z])/g;

/** A Google API key: `AIza` and 35 of [0-9A-Za-z_-] (Secretlint's GCP rule reads service-account JSON files only). */
const GOOGLE_API_KEY = /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g;

/** The first line of a PEM private key block, after any line prefix (`> ` in a blockquote or callout). */
const PEM_BEGIN = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g;
const PEM_END = /-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/y;
/** How far a block's END may be from its BEGIN (an RSA-8192 key is ~6.5 kB; a PGP block with subkeys more). */
const PEM_MAX_CHARS = 20_000;

/**
 * On a line that holds an AWS id or secret, a token-shaped value is that credential or its other half: a run
 * of 16 or more of [A-Za-z0-9/+_-] holding a letter and a digit (`=` ends one: `KEY=value` is two). One beside the finding (`AKIA…,<secret>` as
 * the console's CSV has it, or both in one `export` line) is redacted too, and one a finding only covers in
 * part is redacted whole (Secretlint's AWS secret rule reports the label and the first 40 characters from it,
 * not the 40-character secret after the label).
 */
const TOKEN_SHAPED = /(?<![A-Za-z0-9/+_-])(?=[A-Za-z0-9/+_-]*[0-9])(?=[A-Za-z0-9/+_-]*[A-Za-z])[A-Za-z0-9/+_-]{16,}(?![A-Za-z0-9/+_-])/g;

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
  let reported: Reported[] = [];
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
  for (const m of content.matchAll(AWS_KEY_ID)) reported.push({ ruleId: 'aws', messageId: 'AWSAccessKeyID', range: [m.index, m.index + m[0].length] });
  for (const m of content.matchAll(STRIPE))
    reported.push({
      ruleId: 'stripe',
      messageId: m[0].startsWith('whsec_') ? 'StripeWebhookSecret' : 'StripeSecretKey',
      range: [m.index, m.index + m[0].length],
    });
  for (const m of content.matchAll(GOOGLE_API_KEY))
    reported.push({ ruleId: 'google-api-key', messageId: 'GoogleAPIKey', range: [m.index, m.index + m[0].length] });
  reported.push(...quotedPrivateKeys(content, reported));
  reported = withWholeAwsCredentials(content, reported);
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

/**
 * PEM private key blocks Secretlint's rule leaves out: lines behind a prefix (`> ` in a blockquote or callout, `// `),
 * and short keys (an Ed25519 key in PKCS #8 is 64 characters of Base64; the rule wants 100). A block counts when,
 * without its lines' prefixes, its PGP armour headers and checksum, it is Base64 of at least 40 characters: `...`,
 * `<your key here>` and other placeholders are not. Linear: each BEGIN looks for the next END once, and a block
 * already reported is skipped.
 */
function quotedPrivateKeys(content: string, reported: readonly Reported[]): Reported[] {
  const out: Reported[] = [];
  let nextEnd = -2; // where the next "-----END" is at or after the current search point: -2 not looked for, -1 none
  for (const begin of content.matchAll(PEM_BEGIN)) {
    const from = begin.index + begin[0].length;
    if (nextEnd !== -1 && nextEnd < from) nextEnd = content.indexOf('-----END ', from);
    if (nextEnd === -1) break;
    if (nextEnd - from > PEM_MAX_CHARS) continue;
    PEM_END.lastIndex = nextEnd;
    const end = PEM_END.exec(content);
    if (!end) continue;
    const range: [number, number] = [begin.index, nextEnd + end[0].length];
    if (reported.some((r) => r.range[0] < range[1] && range[0] < r.range[1])) continue;
    if (isKeyContent(content.slice(from, nextEnd))) out.push({ ruleId: 'privatekey', messageId: 'PrivateKeyInText', range });
  }
  return out;
}

function isKeyContent(block: string): boolean {
  const lines = block
    .replace(/\\[nr]/g, '\n') // a key inside a JSON string
    .split('\n')
    .map((l) => l.replace(/^[\s>#/*]*/, '').trim())
    .filter((l) => l !== '' && !/^[A-Za-z-]+: /.test(l) && !/^=[A-Za-z0-9+/]{4}$/.test(l)); // armour headers, PGP checksum
  const base64 = lines.join('');
  return base64.length >= 40 && /^[A-Za-z0-9+/]+=*$/.test(base64);
}

interface Reported {
  ruleId: string;
  messageId: string;
  range: readonly [number, number];
}

/** `reported` with AWS findings widened to the token-shaped values they touch, and those beside them added (TOKEN_SHAPED). */
function withWholeAwsCredentials(content: string, reported: readonly Reported[]): Reported[] {
  const isAws = (r: Reported) => r.ruleId === 'aws' || r.ruleId.endsWith('secretlint-rule-aws');
  const out = [...reported];
  const lines = new Set<number>();
  for (const r of reported) if (isAws(r)) lines.add(content.lastIndexOf('\n', r.range[0] - 1) + 1);
  for (const start of lines) {
    const end = content.indexOf('\n', start) < 0 ? content.length : content.indexOf('\n', start);
    for (const m of content.slice(start, end).matchAll(TOKEN_SHAPED)) {
      const range: [number, number] = [start + m.index, start + m.index + m[0].length];
      const touching = out.map((r, k) => [r, k] as const).filter(([r]) => r.range[0] < range[1] && range[0] < r.range[1]);
      if (touching.length === 0) out.push({ ruleId: 'aws', messageId: 'AWSCredentialBeside', range });
      for (const [r, k] of touching) {
        if (!isAws(r)) continue;
        // A label before the value (`aws_secret_access_key = `, no digit in it) stays readable.
        const label = r.range[0] < range[0] && !/[0-9]/.test(content.slice(r.range[0], range[0]));
        out[k] = { ...r, range: [label ? range[0] : Math.min(r.range[0], range[0]), Math.max(r.range[1], range[1])] };
      }
    }
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
