import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import picomatch from 'picomatch';
import { compareStrings } from '../../core/util/compare.js';
import {
  baseName,
  extensionOf,
  LANGUAGE_EXTENSIONS,
  LOCK_FILES,
  MAP_MODE_THRESHOLD,
  MAP_README_LINES,
  SOURCE_EXTENSIONS,
} from '../../core/discover/discoveryRules.js';
import { checkPathSecurity } from '../../core/discover/checkPathSecurity.js';
import { pickEntryPoints } from '../../core/discover/pickEntryPoints.js';
import { resolveImports } from '../../core/discover/resolveImports.js';
import type { DigestFile, RepoDigest } from '../../core/discover/repoDigest.js';
import { gitRecency } from './gitRecency.js';
import { nodeFs } from '../fs/kbFs.js';
import { DEFAULT_SECRET_POLICY, judgeSecret, redactSpans } from '../security/redactSecrets.js';
import { scanSecrets } from '../security/scanSecrets.js';
import { walkRepo } from './walkRepo.js';

export interface RepoRegistration {
  alias: string;
  /** As configured or typed: shown in output, not used to read. */
  path: string;
  include: string[];
  exclude: string[];
}

/** Words kept per file for the keyword pass. */
const MAX_WORDS = 2000;
/** Files larger than this are counted but not searched. */
const MAX_SEARCH_BYTES = 1_000_000;

/** Pass 1 framework detection: config file at the root → framework, listed in this order. */
const FRAMEWORKS: [string, (names: Set<string>) => boolean][] = [
  ['Node.js', (n) => n.has('package.json')],
  ['Go', (n) => n.has('go.mod')],
  ['Rust', (n) => n.has('Cargo.toml')],
  ['Python', (n) => n.has('pyproject.toml') || n.has('setup.py')],
  ['Java/Kotlin', (n) => n.has('pom.xml') || n.has('build.gradle')],
  ['Angular', (n) => n.has('angular.json')],
  ['Next.js', (n) => [...n].some((f) => f.startsWith('next.config.'))],
  ['Nuxt', (n) => [...n].some((f) => f.startsWith('nuxt.config.'))],
  ['Vite', (n) => [...n].some((f) => f.startsWith('vite.config.'))],
];
const MANIFESTS = new Set(['package.json', 'go.mod', 'Cargo.toml', 'pyproject.toml', 'pom.xml', 'build.gradle']);

/**
 * Everything discovery needs to know about one registered folder (see RepoDigest): Pass 1
 * topology under the ignore list and include/exclude, Pass 2 entry points, each candidate's words and
 * resolved imports (Passes 3–4), Pass 6 git recency. Reads only; security checks happen before (runDiscovery).
 */
export function buildRepoDigest(absRoot: string, reg: RepoRegistration): RepoDigest {
  // Defence in depth: callers check the path first; the real path (symlinks resolved) is checked here too.
  const verdict = checkPathSecurity(realpathSync(absRoot), homedir());
  if (!verdict.ok) throw new Error(verdict.message);
  const walk = walkRepo(absRoot, reg.alias);
  const included = reg.include.length ? picomatch(reg.include, { dot: true }) : () => true;
  const excluded = reg.exclude.length ? picomatch(reg.exclude, { dot: true }) : () => false;
  const files = walk.files.filter((f) => included(f) && !excluded(f));

  const rootNames = new Set([...walk.files, ...walk.lockFiles].filter((f) => !f.includes('/')));
  const frameworks = FRAMEWORKS.filter(([, test]) => test(rootNames)).map(([name]) => name);
  const language = primaryLanguage(files, walk.lockFiles);
  const entryPoints = pickEntryPoints(files, frameworks);
  const mode = files.length > MAP_MODE_THRESHOLD ? 'map' : 'files';
  const base = {
    alias: reg.alias,
    path: reg.path,
    language,
    frameworks,
    structure: structureOf(walk.files),
    fileCount: files.length,
    sourceFileCount: files.filter((f) => SOURCE_EXTENSIONS.has(extensionOf(f))).length,
    mode,
    entryPoints,
    warnings: walk.warnings,
  } as const;

  if (mode === 'map') {
    const readmePath = walk.files.find((f) => f.toLowerCase() === 'readme.md');
    const readme = readmePath ? readText(join(absRoot, readmePath)) : undefined;
    const readmeLines = readme === undefined ? undefined : splitLines(withoutSecrets(readme, join(absRoot, readmePath!)));
    return {
      ...base,
      files: entryPoints.map((p) => ({ path: p, lines: splitLines(readText(join(absRoot, p)) ?? '').length, words: [], imports: [] })),
      recent: [],
      tree: walk.tree,
      ...(readmeLines ? { readme: readmeLines.slice(0, MAP_README_LINES).join('\n'), readmePath, readmeLines: readmeLines.length } : {}),
    };
  }

  const fileSet = new Set(files);
  const searchable = new Set(language ? LANGUAGE_EXTENSIONS[language] : [...SOURCE_EXTENSIONS]);
  const goModule = goModuleOf(absRoot, rootNames);
  const digestFiles: DigestFile[] = files.map((path) => {
    const text = readText(join(absRoot, path));
    if (text === undefined) return { path, lines: 0, words: [], imports: [] };
    const ext = extensionOf(path);
    return {
      path,
      lines: splitLines(text).length,
      words: searchable.has(ext) ? wordsOf(withoutSecrets(text, join(absRoot, path), ' ')) : [],
      imports: SOURCE_EXTENSIONS.has(ext) ? resolveImports(path, text, fileSet, goModule) : [],
    };
  });
  return { ...base, files: digestFiles, recent: gitRecency(absRoot).filter((f) => fileSet.has(f)) };
}

/** The language with the most files (LANGUAGE_EXTENSIONS); without any, a lock file's language. */
function primaryLanguage(files: string[], lockFiles: string[]): string | undefined {
  const counts = Object.entries(LANGUAGE_EXTENSIONS)
    .map(([lang, exts]) => [lang, files.filter((f) => exts.includes(extensionOf(f))).length] as const)
    .filter(([, n]) => n > 0)
    .sort(([a, na], [b, nb]) => nb - na || compareStrings(a, b));
  if (counts.length) return counts[0]![0];
  const lock = [...lockFiles].sort(compareStrings)[0];
  return lock ? LOCK_FILES[baseName(lock)] : undefined;
}

/** monorepo (manifests in 2+ sub-folders, or packages/ or apps/), cmd-based (cmd/), src-based (src/ or lib/), else flat. */
function structureOf(files: string[]): RepoDigest['structure'] {
  const manifestDirs = new Set(files.filter((f) => f.includes('/') && MANIFESTS.has(baseName(f))).map((f) => f.slice(0, f.lastIndexOf('/'))));
  const top = new Set(files.filter((f) => f.includes('/')).map((f) => f.slice(0, f.indexOf('/'))));
  if (manifestDirs.size >= 2 || top.has('packages') || top.has('apps')) return 'monorepo';
  if (top.has('cmd')) return 'cmd-based';
  if (top.has('src') || top.has('lib')) return 'src-based';
  return 'flat';
}

function goModuleOf(absRoot: string, rootNames: Set<string>): string | undefined {
  if (!rootNames.has('go.mod')) return undefined;
  // ^module\s+(\S+) — the module path line of go.mod
  return /^module\s+(\S+)/m.exec(readText(join(absRoot, 'go.mod')) ?? '')?.[1];
}

/** UTF-8 text, or undefined for a file that looks binary (a NUL byte), is too large, is not a regular file, or cannot be read. */
export function readText(abs: string): string | undefined {
  try {
    if (nodeFs.stat(abs).size > MAX_SEARCH_BYTES) return undefined;
    const buf = nodeFs.readFile(abs); // non-blocking: a pipe swapped in after the walk is refused, not waited on
    if (buf.length > MAX_SEARCH_BYTES || buf.subarray(0, 8000).includes(0)) return undefined;
    return buf.toString('utf8');
  } catch {
    return undefined;
  }
}

/** Lines of a text; a final newline does not start another line. */
export function splitLines(text: string): string[] {
  if (!text) return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * A codebase's text as a digest may carry it (kb-digests.json is published with the site, and packs quote a README):
 * each credential the secret scanner finds replaced by `[redacted: <rule>]`, or by `marker` (a space, so that no
 * word is made of it). Placeholders stay, as in notes.
 */
function withoutSecrets(text: string, abs: string, marker?: string): string {
  const found = scanSecrets(text, abs).filter((f) => judgeSecret(text, f, DEFAULT_SECRET_POLICY).action === 'redact');
  if (!found.length) return text;
  return marker === undefined ? redactSpans(text, found) : redactSpans(text, found, 0, () => marker);
}

function wordsOf(text: string): string[] {
  const words = new Set<string>();
  // [a-z][a-z0-9_]{2,} — identifier-like runs of 3+ characters (snake_case and lower-cased camelCase stay whole)
  for (const m of text.toLowerCase().matchAll(/[a-z][a-z0-9_]{2,}/g)) {
    words.add(m[0]);
    if (words.size === MAX_WORDS) break;
  }
  return [...words].sort(compareStrings);
}
