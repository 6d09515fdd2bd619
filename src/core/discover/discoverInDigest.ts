import { compareStrings } from '../util/compare.js';
import {
  baseName,
  dirName,
  ENTRY_POINT_CAP,
  extensionOf,
  isTestFile,
  KEYWORD_HEAD_LIMIT,
  MAP_ENTRY_LINES,
  MAP_FILE_CAP,
  MAX_LINES,
  RECENCY_TOP,
  SOURCE_EXTENSIONS,
} from './discoveryRules.js';
import { extractKeywords } from './extractKeywords.js';
import type { DigestFile, PathDiscovery, RepoDigest, SelectedFile } from './repoDigest.js';

export type DigestDiscovery = PathDiscovery & {
  /** Pass 3 keywords taken from the task. */
  keywords: string[];
  /** True when nothing signalled (no entry point, no match): nothing is selected. */
  zeroSignal?: boolean;
  /** What to tell the person (zero-signal guard, test-only matches, map mode hint). */
  message?: string;
};

/** Signal weights: 2+ keyword matches rank above the single signals; recency is never added to a score (it breaks ties). */
const WEIGHT = { manyKeywords: 3, oneKeyword: 2, imported: 2, named: 2 } as const;

export function zeroSignalMessage(path: string): string {
  return `No relevant files found in ${path} for this task. Do you want to reference a different path, or should I answer based on general knowledge?`;
}

export function mapModeHint(path: string): string {
  return `To run targeted discovery on a sub-directory, specify a subdirectory (e.g., kb discover ${path}/packages/auth).`;
}

/**
 * Passes 3–6 (discoveryRules.ts) and the final ranking over a digest: keyword grep, import chain of the entry
 * points, naming signal (tests excluded), recency as tie-breaker, diversity across folders, at most
 * `budget` files with the entry points counted first. Map-mode digests give the project map selection.
 */
export function discoverInDigest(digest: RepoDigest, task: string, budget: number): DigestDiscovery {
  const base = { path: digest.path, alias: digest.alias, status: 'ok' as const, mode: digest.mode, budget };
  const keywords = extractKeywords(task);
  const byPath = new Map(digest.files.map((f) => [f.path, f]));
  const lines = (p: string) => byPath.get(p)?.lines ?? 0;

  if (digest.mode === 'map') {
    const cap = Math.min(MAP_FILE_CAP, budget);
    const entries = digest.entryPoints.slice(0, Math.min(ENTRY_POINT_CAP, cap));
    const selected: SelectedFile[] = entries.map((file) => ({
      file,
      reason: `entry point (first ${MAP_ENTRY_LINES} lines)`,
      lines: lines(file),
      truncated: lines(file) > MAP_ENTRY_LINES,
    }));
    if (digest.readmePath && selected.length < cap) {
      const total = digest.readmeLines ?? 0;
      selected.push({ file: digest.readmePath, reason: 'README excerpt', lines: total, truncated: total > 200 });
    }
    return { ...base, selected, omitted: Math.max(0, digest.fileCount - selected.length), keywords, message: mapModeHint(digest.path) };
  }

  const entries = digest.entryPoints.slice(0, Math.min(ENTRY_POINT_CAP, budget));
  const entrySet = new Set(entries);

  // Pass 3: per keyword, files of the primary language whose words contain it (head_limit 10,
  // files matching more of the task's keywords first).
  const contains = (f: DigestFile, k: string) => f.words.some((w) => w.includes(k));
  const matchCount = new Map(digest.files.map((f) => [f.path, keywords.filter((k) => contains(f, k)).length]));
  const keywordHits = new Map<string, string[]>();
  for (const k of keywords) {
    const matching = digest.files
      .filter((f) => contains(f, k))
      .sort((a, b) => matchCount.get(b.path)! - matchCount.get(a.path)! || compareStrings(a.path, b.path))
      .slice(0, KEYWORD_HEAD_LIMIT);
    for (const f of matching) keywordHits.set(f.path, [...(keywordHits.get(f.path) ?? []), k]);
  }
  // Pass 4: what the entry points import.
  const importedBy = new Map<string, string[]>();
  for (const e of entries) {
    for (const dep of byPath.get(e)?.imports ?? []) importedBy.set(dep, [...(importedBy.get(dep) ?? []), baseName(e)]);
  }
  // Pass 5: file names containing a keyword (`**/*{keyword}*.*`), tests excluded.
  const named = new Map<string, string[]>();
  for (const f of digest.files) {
    const name = baseName(f.path).toLowerCase();
    if (isTestFile(f.path) || !name.includes('.')) continue;
    const hits = keywords.filter((k) => name.slice(0, name.lastIndexOf('.')).includes(k));
    if (hits.length) named.set(f.path, hits);
  }
  // Pass 6: the top recently changed files break ties only.
  const recentRank = new Map(digest.recent.slice(0, RECENCY_TOP).map((p, i) => [p, i]));

  const scored = digest.files
    .filter((f) => !entrySet.has(f.path))
    .map((f) => {
      const kw = keywordHits.get(f.path) ?? [];
      const score =
        (kw.length >= 2 ? WEIGHT.manyKeywords : kw.length === 1 ? WEIGHT.oneKeyword : 0) +
        (importedBy.has(f.path) ? WEIGHT.imported : 0) +
        (named.has(f.path) ? WEIGHT.named : 0);
      return { path: f.path, score, recent: recentRank.get(f.path) ?? Infinity };
    })
    .sort((a, b) => b.score - a.score || a.recent - b.recent || compareStrings(a.path, b.path));
  let candidates = scored.filter((c) => c.score > 0);
  let message: string | undefined;
  if (candidates.length && candidates.every((c) => isTestFile(c.path))) {
    candidates = [];
    message = `No production code found matching the task in ${digest.path} (only test files matched; they are skipped).`;
  }

  if (!entries.length && !candidates.length) {
    return { ...base, selected: [], omitted: 0, keywords, zeroSignal: true, message: zeroSignalMessage(digest.path) };
  }

  const remaining = budget - entries.length;
  const sourceCount = digest.sourceFileCount ?? digest.files.length;
  // Edge case "fewer files than budget → read all source files".
  const fillAll = sourceCount <= budget;
  let picked = pickDiverse(candidates, remaining);
  if (fillAll) {
    const rest = scored.filter((c) => c.score === 0 && SOURCE_EXTENSIONS.has(extensionOf(c.path)) && !picked.includes(c.path));
    picked = [...picked, ...rest.map((c) => c.path)].slice(0, remaining);
  }

  const reasonOf = (p: string): string => {
    if (entrySet.has(p)) return 'entry point';
    const parts: string[] = [];
    const kw = keywordHits.get(p);
    if (kw) parts.push(`keyword match: ${kw.join(', ')}`);
    const imp = importedBy.get(p);
    if (imp) parts.push(`imported by ${[...new Set(imp)].join(', ')}`);
    const nm = named.get(p);
    if (nm) parts.push(`name contains ${nm.map((k) => `"${k}"`).join(', ')} (Pass 5)`);
    if (!parts.length) return `small codebase: all ${sourceCount} source files fit the budget`;
    if (recentRank.has(p)) parts.push('recently changed');
    return parts.join('; ');
  };
  const selected = [...entries, ...picked].map((file) => ({ file, reason: reasonOf(file), lines: lines(file), truncated: lines(file) > MAX_LINES }));
  const omitted = candidates.filter((c) => !picked.includes(c.path)).length;
  return { ...base, selected, omitted, keywords, ...(message ? { message } : {}) };
}

/**
 * Take `n` ranked candidates, preferring diversity (a task whose candidates span folders should not get
 * five files of one): while other folders still have candidates, no folder takes more than half of the
 * slots (rounded up); then fill from the skipped ones in rank order.
 */
export function pickDiverse(ranked: readonly { path: string }[], n: number): string[] {
  if (n <= 0) return [];
  const folders = new Set(ranked.map((c) => dirName(c.path)));
  const cap = folders.size > 1 ? Math.ceil(n / 2) : n;
  const perFolder = new Map<string, number>();
  const picked: string[] = [];
  const skipped: string[] = [];
  for (const c of ranked) {
    if (picked.length === n) break;
    const dir = dirName(c.path);
    if ((perFolder.get(dir) ?? 0) >= cap) {
      skipped.push(c.path);
      continue;
    }
    perFolder.set(dir, (perFolder.get(dir) ?? 0) + 1);
    picked.push(c.path);
  }
  for (const p of skipped) if (picked.length < n) picked.push(p);
  return picked;
}
