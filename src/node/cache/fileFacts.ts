import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { SourceFacts } from '../../core/index/buildIndex.js';
import { readBody } from '../../core/model/readBody.js';
import { readSourceFrontmatter } from '../../core/model/readSourceFrontmatter.js';
import { countTokens } from '../../core/tokens/countTokens.js';
import { normaliseSourceText, parseSourceText } from '../parseSourceText.js';
import { scanSecrets, type SecretFinding } from '../security/scanSecrets.js';

/**
 * Everything the pipeline derives from one file's bytes and name alone: the unit the index cache keeps,
 * so a warm run skips YAML, Secretlint, the frontmatter schema, the body scan and the tokenizer.
 * Nothing here depends on where the file sits or on the rest of the folder.
 */
export interface FileFacts {
  /** gray-matter's data (dates stay dates: stored with v8's serializer, not JSON). */
  data: unknown;
  frontmatterText?: string | undefined;
  yamlError?: { message: string; line?: number } | undefined;
  /** The body: where it starts in the normalised text (it is a suffix of it), else the body itself. */
  bodyAt: number | string;
  secrets: SecretFinding[];
  frontmatter: SourceFacts['frontmatter'];
  body: SourceFacts['body'];
  /** Counted only for files that become notes (ideas and drafts never need it). */
  tokens?: number | undefined;
}

/** Where facts are kept between runs; `openIndexCache` is the on-disk one. */
export interface FileFactsStore {
  get(key: string): FileFacts | undefined;
  set(key: string, facts: FileFacts): void;
}

/** The cache key: sha256 of the bytes and the file name (Secretlint rules look at the name: `.npmrc`, `package.json`). */
export function fileFactsKey(bytes: Uint8Array, absPath: string): string {
  return createHash('sha256').update(bytes).update('\0').update(basename(absPath)).digest('hex');
}

/** Derive a file's facts from its decoded text: what a cold run computes and a warm run reads back. */
export function deriveFileFacts(text: string, absPath: string): FileFacts {
  const parsed = parseSourceText(text);
  const normalised = normaliseSourceText(text);
  const at = normalised.length - parsed.body.length;
  return {
    data: parsed.data,
    ...(parsed.frontmatterText !== undefined ? { frontmatterText: parsed.frontmatterText } : {}),
    ...(parsed.yamlError ? { yamlError: parsed.yamlError } : {}),
    bodyAt: normalised.endsWith(parsed.body) ? at : parsed.body,
    secrets: scanSecrets(text, absPath),
    frontmatter: readSourceFrontmatter(parsed),
    body: readBody(parsed.body),
  };
}

/** The facts of one file: from the store when it holds them, else derived (and stored). */
export function factsFor(store: FileFactsStore | undefined, key: string, text: string, absPath: string): FileFacts {
  const known = store?.get(key);
  if (known) return known;
  const facts = deriveFileFacts(text, absPath);
  store?.set(key, facts);
  return facts;
}

/** The body text the facts describe, and the line of the file it starts on (1 when it is not the text's tail). */
export function bodyOf(facts: FileFacts, text: string): { body: string; line: number } {
  if (typeof facts.bodyAt === 'string') return { body: facts.bodyAt, line: 1 };
  const normalised = normaliseSourceText(text);
  let line = 1;
  for (let i = normalised.indexOf('\n'); i >= 0 && i < facts.bodyAt; i = normalised.indexOf('\n', i + 1)) line++;
  return { body: normalised.slice(facts.bodyAt), line };
}

/** The note's token count, counted once per content and stored with its facts. */
export function tokensFor(store: FileFactsStore | undefined, key: string, facts: FileFacts, body: string): number {
  if (facts.tokens !== undefined) return facts.tokens;
  const tokens = countTokens(body);
  facts.tokens = tokens;
  store?.set(key, facts);
  return tokens;
}
