import type { Stats } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SourceFile } from '../core/index/buildIndex.js';
import type { ReportEntry } from '../core/index/kbIndexSchema.js';
import type { KbIssue } from '../core/util/issue.js';
import { stripComments } from '../core/model/stripComments.js';
import { noteFailure } from '../core/util/perNote.js';
import { bodyOf, factsFor, fileReadingKey, linksFor, tokensFor, type FileReading, type FileReadingStore } from './cache/fileReading.js';
import { errorCode, nodeFs, type KbFs } from './fs/kbFs.js';
import { fileStamp, type ReadingMemo } from './cache/readingMemo.js';
import { normaliseSourceText } from './parseSourceText.js';
import { redactFileText } from './security/redactFileText.js';
import { judgeSecret, secretPolicyOf, type SecretPolicy } from './security/redactSecrets.js';

/** Files larger than this are not read at all (a note this size is a mistake, e.g. a pasted dump). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** Files larger than this are indexed with a warning: their page will be heavy. */
export const LARGE_FILE_BYTES = 2 * 1024 * 1024;

/** How one file of a folder is read: the reading's options and where it records what happened. */
export interface SourceReader {
  kbDir: string;
  fs: KbFs;
  report: ReportEntry[];
  issues: KbIssue[];
  notices: KbIssue[];
  policy: SecretPolicy;
  facts: FileReadingStore | undefined;
  /** Whether each note's links are scanned too (FileReading.links). */
  links: boolean;
  /** Each file read, by path: its cache key and facts (a note's tokens are counted once it is known to be one). */
  read: Map<string, { key: string; facts: FileReading }>;
  /** A live preview's readings of the folder's files, reused while a file's stat is unchanged (readingMemo.ts). */
  memo?: ReadingMemo | undefined;
}

/** Something the walk passed by, in the report (and, when a person should know, among the warnings). */
export function recordSkip(reader: SourceReader, path: string, skip: { rule: string; message?: string | undefined }): void {
  reader.report.push({ path, outcome: 'excluded', rule: skip.rule, ...(skip.message ? { messages: [`${path}: ${skip.message}`] } : {}) });
  if (skip.message) reader.issues.push({ severity: 'warning', code: skip.rule, file: path, message: skip.message });
}

/**
 * Read one file into a SourceFile, or record why it was left out: too large, binary, or unreadable (with
 * its error code). Credentials are redacted from what is handed on (each with a warning naming the line),
 * unless secrets are allowed or the finding looks like a placeholder or matches `secrets.allow`.
 */
export function readSource(reader: SourceReader, path: string, known?: Stats): SourceFile | undefined {
  // A file whose reading throws (a parser meeting a shape past its limits) is left out with a warning naming it.
  try {
    return readSourceOnce(reader, path, known);
  } catch (err) {
    recordSkip(reader, path, { rule: 'note-failed', message: noteFailure(path, 'reading the file', err, 'it is not indexed or published').message });
    return undefined;
  }
}

/**
 * A file's reading: the one a live preview kept when the file's stat is unchanged since, else read now (and kept).
 * `known`: the file's stat as the walk took it, before reading (a change after it is seen by the next reading).
 */
function readSourceOnce(reader: SourceReader, path: string, known: Stats | undefined): SourceFile | undefined {
  const { memo } = reader;
  if (!memo) return readSourceNow(reader, path, known);
  let st = known;
  try {
    st ??= reader.fs.stat(join(reader.kbDir, path));
  } catch {
    st = undefined; // read now, which says why the file cannot be read
  }
  const stamp = st && fileStamp(st, Date.now(), memo.racyMs);
  const kept = memo.files.get(path);
  if (stamp !== undefined && kept?.stamp === stamp) {
    reader.notices.push(...kept.notices);
    reader.read.set(path, { key: kept.key, facts: kept.facts });
    reader.facts?.keep?.(kept.key, kept.facts);
    return { ...kept.src };
  }
  memo.files.delete(path);
  const told = reader.notices.length;
  const src = readSourceNow(reader, path, st);
  const read = reader.read.get(path);
  if (src && read && stamp !== undefined) memo.files.set(path, { stamp, src, notices: reader.notices.slice(told), key: read.key, facts: read.facts });
  return src ? { ...src } : undefined;
}

/** `st`: the file's stat, when the caller has taken it (before reading). */
function readSourceNow(reader: SourceReader, path: string, st?: Stats): SourceFile | undefined {
  const abs = join(reader.kbDir, path);
  const read = readSourceBytes(reader.fs, abs, st);
  if ('rule' in read) {
    recordSkip(reader, path, read);
    return undefined;
  }
  const { buf, size, mtime } = read;
  const readWarnings: { code: string; message: string; line?: number }[] = [];
  const { text, latin1 } = decodeSource(buf);
  if (latin1) readWarnings.push({ code: 'encoding', message: 'not valid UTF-8; read as Latin-1. Save the file as UTF-8.' });
  if (size > LARGE_FILE_BYTES) readWarnings.push({ code: 'large-file', message: `is ${(size / 1048576).toFixed(1)} MB; its page will be slow to load.` });
  const key = fileReadingKey(buf, abs);
  const normalised = normaliseSourceText(text);
  const facts = factsFor(reader.facts, key, normalised, abs, reader.policy);
  for (const finding of facts.secrets) {
    const verdict = judgeSecret(normalised, finding, reader.policy);
    const at = { file: path, line: finding.line };
    if (verdict.action === 'redact')
      readWarnings.push({
        code: 'secret',
        line: finding.line,
        message: `holds what looks like a credential (${finding.kind}); published as [redacted: ${finding.rule}]. Take it out of the note (and rotate it if it is real: it is in the history).`,
      });
    else if (verdict.action === 'allowed')
      readWarnings.push({
        code: 'secret-allowed',
        line: finding.line,
        message: `holds what looks like a credential (${finding.kind}); published as written because secrets are allowed.`,
      });
    else if (verdict.action === 'placeholder')
      reader.notices.push({
        severity: 'warning',
        code: 'secret-placeholder',
        ...at,
        message: `looks like a placeholder (${finding.kind}: ${verdict.reason}), left as is.`,
      });
    else reader.notices.push({ severity: 'warning', code: 'secret-allow-listed', ...at, message: `matches secrets.allow (${finding.kind}), left as is.` });
  }
  reader.read.set(path, { key, facts });
  const { body, line: bodyLine } = bodyOf(facts, normalised);
  return {
    path,
    data: facts.data,
    // Obsidian comments `%% … %%` are never published: blanked in every output (pages, `.md`, search, packs,
    // llms-full.txt), their line breaks kept so line numbers still match the file.
    body: stripComments(body),
    bodyLine,
    ...(facts.frontmatterText !== undefined ? { frontmatterText: facts.frontmatterText } : {}),
    ...(facts.yamlError ? { yamlError: facts.yamlError } : {}),
    mtime,
    ...(readWarnings.length ? { readWarnings } : {}),
    facts: { frontmatter: facts.frontmatter, body: facts.body },
  };
}

/**
 * A file's bytes as the reading takes them: stat, a size limit, a non-blocking read, no NUL bytes in the first 8,000.
 * Otherwise why it is left out (the reading's rule and message). The fact prefill reads through this too. `known`: the
 * file's stat when the caller has just taken it (not taken again).
 */
export function readSourceBytes(fs: KbFs, abs: string, known?: Stats): { buf: Buffer; size: number; mtime: number } | { rule: string; message: string } {
  let size: number;
  let mtime: number;
  let buf: Buffer;
  try {
    const st = known ?? fs.stat(abs);
    size = st.size;
    mtime = st.mtimeMs;
    if (size > MAX_FILE_BYTES)
      return {
        rule: 'too-large',
        message: `is ${(size / 1048576).toFixed(1)} MB, over the ${MAX_FILE_BYTES / 1048576} MB limit; not read. Split it or move it out.`,
      };
    buf = fs.readFile(abs);
  } catch (err) {
    return { rule: 'unreadable', message: `cannot be read (${errorCode(err)}); not indexed. Check the file's permissions and the disk.` };
  }
  if (looksBinary(buf.subarray(0, 8000))) return { rule: 'binary', message: 'holds binary data (NUL bytes), not Markdown; not indexed.' };
  return { buf, size, mtime };
}

/**
 * NUL bytes in a sample that is not UTF-8 text, or in more than one byte of 8 (an image, an archive, UTF-16): binary.
 * A few stray NULs in UTF-8 text leave it a note; CommonMark reads each as U+FFFD (decodeSource).
 */
function looksBinary(sample: Buffer): boolean {
  let nuls = 0;
  for (const b of sample) if (b === 0) nuls++;
  if (nuls === 0) return false;
  if (nuls * 8 > sample.length) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, lastCharBoundary(sample)));
    return false;
  } catch {
    return true;
  }
}

/** The sample's length cut back to a UTF-8 character boundary (a sample may end inside a character). */
function lastCharBoundary(sample: Buffer): number {
  let end = sample.length;
  for (let back = 0; back < 3 && end > 0 && (sample[end - 1]! & 0xc0) === 0x80; back++) end--;
  if (end > 0 && sample[end - 1]! >= 0xc0) end--;
  return end;
}

const withoutNul = (text: string) => (text.includes('\0') ? text.replaceAll('\0', '\uFFFD') : text);

/** UTF-8, else Latin-1 (every byte is a Latin-1 character); U+0000 becomes U+FFFD, as CommonMark reads it. */
export function decodeSource(buf: Buffer): { text: string; latin1: boolean } {
  try {
    return { text: withoutNul(new TextDecoder('utf-8', { fatal: true }).decode(buf)), latin1: false };
  } catch {
    return { text: withoutNul(new TextDecoder('latin1').decode(buf)), latin1: true };
  }
}

/**
 * A file's whole text as it is published: read again (non-blocking), with credentials redacted under the
 * reading's secret policy, as the notes' are. Undefined when it is not a regular file or cannot be read.
 * `path` is relative to the knowledge folder (`kb query --load` prints notes and tracked artifacts through this).
 */
export function publishedText(
  reading: { kbDir: string; secrets: { allowAll: boolean; allow: readonly string[] } },
  path: string,
  fs: KbFs = nodeFs,
): string | undefined {
  const abs = resolve(reading.kbDir, path);
  let buf: Buffer;
  try {
    if (fs.stat(abs).size > MAX_FILE_BYTES) return undefined;
    buf = fs.readFile(abs);
  } catch {
    return undefined;
  }
  const text = normaliseSourceText(decodeSource(buf).text);
  return redactFileText(text, path, abs, secretPolicyOf(reading.secrets)).text;
}

/** A file that became a note: its token count, and its links when asked, join its facts (ideas and drafts never need them). */
export function withNoteFacts(reader: SourceReader, src: SourceFile): SourceFile {
  const { key, facts } = reader.read.get(src.path)!;
  // Facts that throw are left to the index, which reads the note under its own guard (buildIndex.ts).
  try {
    const tokens = tokensFor(reader.facts, key, facts, src.body);
    const links = reader.links ? { links: linksFor(reader.facts, key, facts, src.body) } : {};
    return { ...src, facts: { frontmatter: facts.frontmatter, body: facts.body, tokens, ...links } };
  } catch {
    return src;
  }
}
