import type { SecretFinding } from './scanSecrets.js';
import { placeholderReason } from './placeholderSecret.js';

/** What is done with the credentials found in a folder's files. */
export interface SecretPolicy {
  /** `--allow-secrets`: publish every finding as written (each with a warning). Default: false. */
  allowAll: boolean;
  /** Config `secrets.allow`: findings these match are left as written, silently. */
  allow: readonly SecretAllowEntry[];
}

/** One `secrets.allow` entry: `/regex/flags` tested against the flagged text, or literal text. */
export type SecretAllowEntry = { regex: RegExp } | { literal: string };

export const DEFAULT_SECRET_POLICY: SecretPolicy = { allowAll: false, allow: [] };

/**
 * `secrets.allow` entries as written in kb.config.yaml (the schema has checked every `/…/` compiles).
 * ^/(.*)/([a-z]*)$ — a slash, the pattern, a slash, then flags.
 */
export function secretAllowList(entries: readonly string[]): SecretAllowEntry[] {
  return entries.map((e) => {
    const m = /^\/(.*)\/([a-z]*)$/s.exec(e);
    return m ? { regex: new RegExp(m[1]!, m[2]!.replace(/[gy]/g, '')) } : { literal: e };
  });
}

/** The policy a folder was read under (`--allow-secrets`, config `secrets.allow`), as the scanner applies it. */
export function secretPolicyOf(secrets: { allowAll: boolean; allow: readonly string[] }): SecretPolicy {
  return { allowAll: secrets.allowAll, allow: secretAllowList(secrets.allow) };
}

/** What happens to one finding: redacted, or left as written and why. */
export type SecretVerdict =
  | { action: 'redact' }
  | { action: 'placeholder'; reason: string }
  | { action: 'allow-listed' }
  /** `--allow-secrets`: published, with a warning. */
  | { action: 'allowed' };

/**
 * The verdict on one finding of `text`. A literal `secrets.allow` entry matches when its text covers the
 * flagged span or lies inside it (so the password alone, or the whole URL as written, both work).
 */
export function judgeSecret(text: string, finding: SecretFinding, policy: SecretPolicy): SecretVerdict {
  const value = text.slice(finding.start, finding.end);
  const placeholder = placeholderReason(finding.rule, value);
  if (placeholder) return { action: 'placeholder', reason: placeholder };
  if (policy.allow.some((a) => ('regex' in a ? a.regex.test(value) : coversOrInside(text, finding, a.literal)))) return { action: 'allow-listed' };
  return policy.allowAll ? { action: 'allowed' } : { action: 'redact' };
}

function coversOrInside(text: string, finding: SecretFinding, literal: string): boolean {
  if (literal === '') return false;
  if (text.slice(finding.start, finding.end).includes(literal)) return true;
  for (let at = text.indexOf(literal, Math.max(0, finding.end - literal.length)); at >= 0 && at <= finding.start; at = text.indexOf(literal, at + 1))
    if (at + literal.length >= finding.end) return true;
  return false;
}

/** What replaces a finding: `[redacted: <rule>]`, followed by the line breaks it spanned, so every later line keeps its number. */
export function redactionMarker(text: string, finding: SecretFinding): string {
  return `[redacted: ${finding.rule}]${'\n'.repeat(countLineBreaks(text, finding.start, finding.end))}`;
}

/**
 * `text` with each finding's span replaced by its marker. Findings are offsets into `text` shifted by
 * `offset` (a part of the file: the body, the frontmatter); overlapping spans become one marker, named
 * after the first rule. `marker` may write another one (a YAML-safe stand-in).
 */
export function redactSpans(
  text: string,
  findings: readonly SecretFinding[],
  offset = 0,
  marker: (text: string, finding: SecretFinding) => string = redactionMarker,
): string {
  let out = '';
  let from = 0;
  const sorted = [...findings].sort((a, b) => a.start - b.start || b.end - a.end);
  for (let i = 0; i < sorted.length; i++) {
    const first = sorted[i]!;
    const start = Math.max(from, first.start - offset);
    let end = first.end - offset;
    while (i + 1 < sorted.length && sorted[i + 1]!.start - offset < end) end = Math.max(end, sorted[++i]!.end - offset);
    if (end <= start || start >= text.length) continue;
    end = Math.min(end, text.length);
    out += text.slice(from, start) + marker(text, { ...first, start, end });
    from = end;
  }
  return out + text.slice(from);
}

function countLineBreaks(text: string, start: number, end: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', start); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** A stable name for a set of redactions: facts derived with one set are reused only for the same set. */
export function redactionSignature(findings: readonly SecretFinding[]): string {
  return findings.map((f) => `${f.start}-${f.end}`).join(',');
}
