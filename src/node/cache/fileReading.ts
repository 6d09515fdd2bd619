import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { SourceFacts } from '../../core/index/buildIndex.js';
import { scanLinks, type ScannedLink } from '../../core/links/scanLinks.js';
import { readBody } from '../../core/model/readBody.js';
import { readSourceFrontmatter } from '../../core/model/readSourceFrontmatter.js';
import { countTokens } from '../../core/tokens/countTokens.js';
import { normaliseSourceText, parseSourceText } from '../parseSourceText.js';
import { scanSecrets, type SecretFinding } from '../security/scanSecrets.js';
import { DEFAULT_SECRET_POLICY, judgeSecret, redactionMarker, redactionSignature, redactSpans, type SecretPolicy } from '../security/redactSecrets.js';

/**
 * Everything the pipeline derives from one file's bytes and name alone: the unit the index cache keeps,
 * so a warm run skips YAML, Secretlint, the frontmatter schema, the body scan and the tokenizer.
 * Nothing here depends on where the file sits or on the rest of the folder; what depends on the secret
 * policy (which findings are redacted) is named by `redacted`, and facts are reused only for the same.
 */
export interface FileReading {
  /** gray-matter's data, redacted (dates stay dates: stored with v8's serializer, not JSON). */
  data: unknown;
  frontmatterText?: string | undefined;
  yamlError?: { message: string; line?: number } | undefined;
  /** The body: where it starts in the normalised text (it is a suffix of it), else the (redacted) body itself and its first line. */
  bodyAt: number | { body: string; line: number };
  /** Every credential found, redacted or not: spans and rules, never the secret. */
  secrets: SecretFinding[];
  /** The findings redacted from the text these facts describe (`redactionSignature`). */
  redacted: string;
  frontmatter: SourceFacts['frontmatter'];
  body: SourceFacts['body'];
  /** Counted only for files that become notes (ideas and drafts never need it). */
  tokens?: number | undefined;
  /**
   * `scanLinks` of the note's body as handed on (comments stripped): only when a reading asks for it (the site
   * and `kb check` do, `kb index` never pays for the parse). Entries without it are as valid as ever.
   */
  links?: ScannedLink[] | undefined;
}

/** Where facts are kept between runs; `openIndexCache` is the on-disk one. */
export interface FileReadingStore {
  get(key: string): FileReading | undefined;
  set(key: string, facts: FileReading): void;
  /** A file's facts used this run without asking the store (a live preview's memo of its reading: readingMemo.ts): kept as if read. */
  keep?(key: string, facts: FileReading): void;
  /** Entries it held before this run (a cold store: 0). */
  readonly loaded?: number;
}

/** A store for one run only (a reading without a cache still shares its facts between threads). */
export function memoryFactsStore(): FileReadingStore {
  const facts = new Map<string, FileReading>();
  const given = new Set<string>();
  return {
    // Two files of the same name and bytes share a key: the second gets a copy, as from the on-disk cache.
    get(key) {
      const f = facts.get(key);
      if (!f || !given.has(key)) return (given.add(key), f);
      return structuredClone(f);
    },
    set: (key, f) => void facts.set(key, f),
    loaded: 0,
  };
}

/** The cache key: sha256 of the bytes and the file name (Secretlint rules look at the name: `.npmrc`, `package.json`). */
export function fileReadingKey(bytes: Uint8Array, absPath: string): string {
  return createHash('sha256').update(bytes).update('\0').update(basename(absPath)).digest('hex');
}

/**
 * Derive a file's facts from its decoded text: what a cold run computes and a warm run reads back.
 * `redact` are the findings to take out (by default, those the default policy redacts).
 */
export function deriveFileReading(text: string, absPath: string, secrets?: SecretFinding[], redact?: readonly SecretFinding[]): FileReading {
  const normalised = normaliseSourceText(text);
  const found = secrets ?? scanSecrets(normalised, absPath);
  const taken = redact ?? found.filter((f) => judgeSecret(normalised, f, DEFAULT_SECRET_POLICY).action === 'redact');
  const parsed = taken.length ? parseRedacted(normalised, taken) : { ...parseSourceText(normalised), bodyLine: undefined };
  const at = normalised.length - parsed.body.length;
  return {
    data: parsed.data,
    ...(parsed.frontmatterText !== undefined ? { frontmatterText: parsed.frontmatterText } : {}),
    ...(parsed.yamlError ? { yamlError: parsed.yamlError } : {}),
    bodyAt: parsed.bodyLine === undefined && normalised.endsWith(parsed.body) ? at : { body: parsed.body, line: parsed.bodyLine ?? 1 },
    secrets: found,
    redacted: redactionSignature(taken),
    frontmatter: readSourceFrontmatter(parsed),
    body: readBody(parsed.body),
  };
}

/**
 * gray-matter over a text with credentials taken out. The body and the raw frontmatter are redacted by
 * span (line breaks kept, so line numbers hold); the parsed frontmatter values by replacing each secret's
 * text with its marker, since a marker written into the YAML (`url: [redacted: basicauth]/x`) may not
 * parse. When a secret cannot be found among the values (a folded scalar), the redacted YAML is parsed
 * instead: whatever that yields holds no secret.
 */
function parseRedacted(text: string, findings: readonly SecretFinding[]): ReturnType<typeof parseSourceText> & { bodyLine: number | undefined } {
  const parsed = parseSourceText(text);
  const bodyStart = text.length - parsed.body.length;
  if (!text.endsWith(parsed.body)) return { ...parseSourceText(redactSpans(text, findings)), bodyLine: undefined };
  const bodyLine = lineOf(text, bodyStart);
  const body = redactSpans(
    parsed.body,
    findings.filter((f) => f.end > bodyStart),
    bodyStart,
  );
  const inFrontmatter = findings.filter((f) => f.start < bodyStart);
  if (!inFrontmatter.length) return { ...parsed, body, bodyLine };
  const fmStart = text.indexOf('\n') + 1; // the frontmatter text starts after the opening `---` line
  const frontmatterText = parsed.frontmatterText === undefined ? undefined : redactSpans(parsed.frontmatterText, inFrontmatter, fmStart);
  if (parsed.yamlError) return { ...parsed, body, bodyLine, frontmatterText };
  const replaced = replaceInValues(
    parsed.data,
    inFrontmatter.map((f) => [text.slice(f.start, f.end), redactionMarker(text, f).trimEnd()]),
  );
  if (replaced.complete) return { ...parsed, data: replaced.value, body, bodyLine, frontmatterText };
  // The YAML with a plain stand-in for each secret (`[redacted: x]` would not parse in a plain scalar), then the markers.
  const standIns: [string, string][] = [];
  const standIn = (t: string, f: SecretFinding) => {
    const marker = redactionMarker(t, f); // `[redacted: rule]` and the line breaks the span held
    const id = `KbRedacted${standIns.length}x`;
    standIns.push([id, marker.trimEnd()]);
    return id + marker.slice(marker.trimEnd().length);
  };
  const reparsed = parseSourceText(`---\n${redactSpans(parsed.frontmatterText ?? '', inFrontmatter, fmStart, standIn)}\n---\n`);
  const data = replaceInValues(reparsed.data, standIns).value;
  return { data, frontmatterText, ...(reparsed.yamlError ? { yamlError: reparsed.yamlError } : {}), body, bodyLine };
}

/** Every string in a parsed YAML value with each secret replaced; `complete` when each secret was found somewhere. */
function replaceInValues(value: unknown, secrets: [string, string][]): { value: unknown; complete: boolean } {
  const found = new Set<number>();
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      let s = v;
      secrets.forEach(([secret, marker], i) => {
        if (s.includes(secret)) {
          found.add(i);
          s = s.split(secret).join(marker);
        }
      });
      return s;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      // Keys too: a secret written as a key is still a secret. defineProperty keeps a `__proto__` key a plain key.
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v))
        Object.defineProperty(out, walk(k) as string, { value: walk(x), enumerable: true, writable: true, configurable: true });
      return out;
    }
    return v;
  };
  const out = walk(value);
  return { value: out, complete: found.size === secrets.length };
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * The facts of one file under a secret policy: from the store when it holds them for the same redactions,
 * else derived (and stored). The scan itself is reused whatever the policy.
 */
export function factsFor(
  store: FileReadingStore | undefined,
  key: string,
  text: string,
  absPath: string,
  policy: SecretPolicy = DEFAULT_SECRET_POLICY,
): FileReading {
  const known = store?.get(key);
  const normalised = normaliseSourceText(text);
  const secrets = known?.secrets ?? scanSecrets(normalised, absPath);
  const redact = secrets.filter((f) => judgeSecret(normalised, f, policy).action === 'redact');
  if (known && known.redacted === redactionSignature(redact)) return known;
  const facts = deriveFileReading(normalised, absPath, secrets, redact);
  store?.set(key, facts);
  return facts;
}

/** The body text the facts describe, and the line of the file it starts on. */
export function bodyOf(facts: FileReading, text: string): { body: string; line: number } {
  if (typeof facts.bodyAt !== 'number') return facts.bodyAt;
  const normalised = normaliseSourceText(text);
  return { body: normalised.slice(facts.bodyAt), line: lineOf(normalised, facts.bodyAt) };
}

/** The note's token count, counted once per content and stored with its facts. */
export function tokensFor(store: FileReadingStore | undefined, key: string, facts: FileReading, body: string): number {
  if (facts.tokens !== undefined) return facts.tokens;
  const tokens = countTokens(body);
  facts.tokens = tokens;
  store?.set(key, facts);
  return tokens;
}

/** The note's links (`body` is the note's body as handed on), scanned once per content and stored with its facts. */
export function linksFor(store: FileReadingStore | undefined, key: string, facts: FileReading, body: string): ScannedLink[] {
  if (facts.links !== undefined) return facts.links;
  const links = scanLinks(body);
  facts.links = links;
  store?.set(key, facts);
  return links;
}
