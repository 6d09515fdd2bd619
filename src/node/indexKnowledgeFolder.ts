import { isAbsolute, relative, resolve, sep } from 'node:path';
// Every language's stemmer and stop words, for whatever reads the folder's text (packs, kb search by words), in Node
// where the analysis is synchronous (src/core/text/textLanguages.ts).
import '../core/text/allTextLanguages.js';
import { buildIndex, type IndexResult } from '../core/index/buildIndex.js';
import type { ReportEntry } from '../core/index/kbIndexSchema.js';
import { compareStrings } from '../core/util/compare.js';
import { formatIssue } from '../core/util/issue.js';
import { openIndexCache } from './cache/indexCache.js';
import { readKnowledgeFolder, type FolderReading, type ReadOptions } from './readKnowledgeFolder.js';

export interface IndexedFolder extends IndexResult {
  reading: FolderReading;
  /** Every file seen and its outcome; notes with warnings are `warned`. Sorted by path. */
  report: ReportEntry[];
  counts: IndexCounts;
  /** The cache folder this run used (undefined: none, or the one asked for lies inside the knowledge folder). */
  cacheDir: string | undefined;
}

/** `filesSeen` = indexed + warned + ideas + unpublished + excluded, always. */
export interface IndexCounts {
  filesSeen: number;
  indexed: number;
  warned: number;
  ideas: number;
  unpublished: number;
  excluded: number;
  excludedByRule: Record<string, number>;
}

export interface IndexOptions extends Omit<ReadOptions, 'facts'> {
  /**
   * Folder of the on-disk index cache (created when missing); default: none. What each file yields
   * (frontmatter, secrets, headings, tokens, links when asked) is kept by content hash, so re-indexing after an edit only
   * reads the edited files again; the output is byte-identical with a cold cache, a warm one, or none.
   * A folder inside the knowledge folder is never written to: no cache is used then.
   */
  cacheDir?: string | undefined;
  /** The folder's language over kb.config.yaml `site.locale` (a site's `--locale`): a note's `lang` unless it says. Default: the config's. */
  locale?: string | undefined;
  /**
   * Given what writes the index cache once the folder is read (a live preview writes it after the page it reloads is
   * answered). Default: written at once.
   */
  saveCache?: ((save: () => void) => void) | undefined;
}

/**
 * Read, parse, validate and index a knowledge folder: the pipeline every face (CLI, site) runs.
 * Secrets are scanned while reading: each credential is replaced by `[redacted: <rule>]` in everything
 * handed on (a `secret` warning names file, line and kind; the note is kept), except placeholders,
 * `secrets.allow` matches, and everything when `allowSecrets` is set (default false; the CLI sets it from `--allow-secrets` /
 * KB_ALLOW_SECRETS, the site from the integration's `allowSecrets`). Drafts and private notes never reach it.
 * `issues` holds the reading's warnings (secrets, binary, symlinks, pipes, unreadable, too large) and the index's.
 * Throws KnowledgeFolderError for a folder that is missing or a file; a folder without notes is not an
 * error here (see `requireNotes`).
 */
export function indexKnowledgeFolder(kbDir: string, options: IndexOptions = {}): IndexedFolder {
  const cacheDir = options.cacheDir === undefined ? undefined : resolve(options.cacheDir);
  const cache = cacheDir === undefined || isInside(cacheDir, resolve(kbDir)) ? undefined : openIndexCache(cacheDir);
  const reading = readKnowledgeFolder(kbDir, { ...options, allowSecrets: options.allowSecrets ?? false, facts: cache });
  if (cache) (options.saveCache ?? ((save) => save()))(() => cache.save());
  const { input } = reading;
  const result = buildIndex(
    options.locale === undefined ? input : { ...input, config: { ...input.config, site: { ...input.config.site, locale: options.locale } } },
  );
  const byFile = new Map<string, string[]>();
  for (const i of result.issues) byFile.set(i.file, [...(byFile.get(i.file) ?? []), formatIssue(i)]);
  const report: ReportEntry[] = reading.report.map((e) => (byFile.has(e.path) ? { ...e, messages: [...(e.messages ?? []), ...byFile.get(e.path)!] } : e));
  for (const note of result.index.notes) {
    const messages = byFile.get(note.path);
    report.push(messages ? { path: note.path, outcome: 'warned', messages } : { path: note.path, outcome: 'indexed' });
  }
  report.sort((a, b) => compareStrings(a.path, b.path));
  const issues = [...reading.issues, ...result.issues];
  return { ...result, issues, reading, report, counts: countReport(report), cacheDir: cache ? cacheDir : undefined };
}

export { requireNotes } from './knowledgeFolderError.js';

function isInside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

export function countReport(report: readonly ReportEntry[]): IndexCounts {
  const counts: IndexCounts = { filesSeen: report.length, indexed: 0, warned: 0, ideas: 0, unpublished: 0, excluded: 0, excludedByRule: {} };
  for (const e of report) {
    if (e.outcome === 'indexed') counts.indexed++;
    else if (e.outcome === 'warned') counts.warned++;
    else if (e.outcome === 'idea') counts.ideas++;
    else if (e.outcome === 'unpublished') counts.unpublished++;
    else {
      counts.excluded++;
      const rule = e.rule ?? 'other';
      counts.excludedByRule[rule] = (counts.excludedByRule[rule] ?? 0) + 1;
    }
  }
  return counts;
}
