import type { Stats } from 'node:fs';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { classifyPath, detectLayout, IGNORED_FOLDERS, type Layout } from '../core/classify/classifyPath.js';
import type { IndexInput, NoteSource, SourceFile } from '../core/index/buildIndex.js';
import type { Artifact, ReportEntry } from '../core/index/kbIndexSchema.js';
import type { KbConfig } from '../core/config/kbConfigSchema.js';
import { parseAliasesMd, type AliasEntry } from '../core/aliases/parseAliasesMd.js';
import { parseIndexMd } from '../core/aria/parseIndexMd.js';
import { readSourceFrontmatter } from '../core/model/readSourceFrontmatter.js';
import type { KbIssue } from '../core/util/issue.js';
import { toIsoDate } from '../core/util/isoDate.js';
import { compareStrings } from '../core/util/compare.js';
import { loadKbConfig, CONFIG_FILE } from './loadKbConfig.js';
import type { FileReadingStore } from './cache/fileReading.js';
import { exists, nodeFs, readTextIfFile, type KbFs } from './fs/kbFs.js';
import { walkTree } from './fs/walkTree.js';
import { KnowledgeFolderError } from './knowledgeFolderError.js';
import { readSource, recordSkip, withNoteFacts, type SourceReader } from './readSourceFile.js';
import { memoryFactsStore } from './cache/fileReading.js';
import type { ReadingMemo } from './cache/readingMemo.js';
import { prefillFacts, type PrefillOptions } from './cache/prefillFacts.js';
import { secretPolicyOf } from './security/redactSecrets.js';

export interface FolderReading {
  kbDir: string;
  config: KbConfig;
  input: IndexInput;
  /** Every file seen, with what happened to it. */
  report: ReportEntry[];
  /** Problems met while reading (binary files, symlinks leading out, pipes, unreadable or too large files), by file. */
  issues: KbIssue[];
  /**
   * What a person may want to know but need not act on (`kb … --verbose`): credentials left as written
   * because they look like placeholders or match `secrets.allow`. Sorted by file and line.
   */
  notices: KbIssue[];
  /** Files beside the notes that are not Markdown (images, PDFs, …): regular files inside the folder, sorted. */
  attachments: string[];
  /** The secret policy the notes were read under (`publishedText` applies it again). */
  secrets: { allowAll: boolean; allow: string[] };
  /** Files whose facts worker threads derived (prefillFacts.ts); 0 for a warm or small reading. */
  prefilled: number;
}

export interface ReadOptions {
  /** Publish credentials as written (each with a warning) instead of redacting them. Default: false. */
  allowSecrets?: boolean | undefined;
  /** More `secrets.allow` entries (`/regex/` or literal text), added to the config's. Default: none. */
  secretsAllow?: readonly string[] | undefined;
  /** Where per-file facts are looked up and kept (the index cache). Default: none, everything is derived. */
  facts?: FileReadingStore | undefined;
  /** The file system (a test's, to simulate EACCES or EIO). Default: node:fs. */
  fs?: KbFs | undefined;
  /** How a cold reading shares its work among threads (prefillFacts.ts). Default: DEFAULT_PREFILL. */
  prefill?: Partial<PrefillOptions> | undefined;
  /**
   * Also scan each note's links and hand them on with its facts (`facts.links`, kept in the index cache): the
   * site and `kb check` read them; `kb index` does not, and skips the parse. Default: false.
   */
  links?: boolean | undefined;
  /**
   * Told how many files will be read, once that is known and before they are, and whether their facts are derived
   * in worker threads first (a cold reading: prefillFacts.ts); a site build starts what a folder of that size needs.
   */
  reading?: ((files: number, cold: boolean) => void) | undefined;
  /**
   * A live preview's memo of this folder's readings (readingMemo.ts): a file whose stat is unchanged since the last
   * reading is not read again. Default: none, every file is read.
   */
  memo?: ReadingMemo | undefined;
}

const toPosix = (p: string) => p.split(sep).join('/');

/** Read a knowledge folder from disk into the core's IndexInput, accounting for every file seen. */
export function readKnowledgeFolder(kbDirArg: string, options: ReadOptions = {}): FolderReading {
  const kbDir = resolve(kbDirArg);
  const fs = options.fs ?? nodeFs;
  if (!exists(fs, kbDir)) throw new KnowledgeFolderError('missing', kbDirArg);
  if (!fs.stat(kbDir).isDirectory()) throw new KnowledgeFolderError('not-a-folder', kbDirArg);
  const config = loadKbConfig(kbDir, fs, options.memo?.config);
  const report: ReportEntry[] = [];
  const issues: KbIssue[] = [];
  const notices: KbIssue[] = [];
  const secrets = { allowAll: options.allowSecrets ?? false, allow: [...config.secrets.allow, ...(options.secretsAllow ?? [])] };
  const policy = secretPolicyOf(secrets);
  const links = options.links ?? false;
  const memo = options.memo;
  const memoOptions = JSON.stringify([kbDir, secrets, links]);
  if (memo && memo.options !== memoOptions) {
    memo.files.clear();
    memo.options = memoOptions;
  }
  const reader: SourceReader = { kbDir, fs, report, issues, notices, policy, facts: options.facts, links, read: new Map(), memo };

  const projectRoots: Record<string, string> = {};
  const rootsInside: string[] = [];
  // Team-shared folders inside the knowledge folder: read by readTeamShared (shared) or never read (not shared).
  const sharedInside = new Map<string, boolean>();
  for (const [key, p] of Object.entries(config.projects)) {
    if (!p.path) continue;
    const rel = toPosix(relative(kbDir, resolve(kbDir, p.path))) || '.';
    projectRoots[key] = rel;
    if (!rel.startsWith('..') && !isAbsolute(rel)) {
      if (rel !== '.') rootsInside.push(`${rel}/`);
      sharedInside.set(rel === '.' ? '_project-knowledge' : `${rel}/_project-knowledge`, p.shared);
    }
  }
  for (const r of config.repos) {
    const rel = toPosix(relative(kbDir, resolve(kbDir, r.path)));
    if (rel && !rel.startsWith('..')) rootsInside.push(`${rel}/`);
  }

  const topFolders = safeReaddir(fs, kbDir).filter((d) => safeIsDir(fs, join(kbDir, d)));
  const layout: Layout = config.layout ?? detectLayout(topFolders);
  const excluded = picomatch(config.exclude.length ? config.exclude : ['\0'], { dot: true });
  const included = picomatch(config.include.length ? config.include : ['\0'], { dot: true });
  const unpublished = picomatch(config.private.length ? config.private : ['\0'], { dot: true });

  const toRead: [path: string, then: (src: SourceFile) => void, stats: Stats][] = [];
  const later = (path: string, then: (src: SourceFile) => void, stats: Stats) => void toRead.push([path, then, stats]);
  const notes: NoteSource[] = [];
  const ideas: SourceFile[] = [];
  const attachments: string[] = [];
  const walk = walkTree(kbDir, {
    fs,
    // A shared project's `_project-knowledge/` is read (and reported) by readTeamShared below.
    folder: (name, path) => (IGNORED_FOLDERS.has(name) ? 'ignore' : sharedInside.get(path) === true ? 'skip' : 'enter'),
    onSkip: (skip) => recordSkip(reader, skip.path, skip),
  });
  for (const entry of walk) {
    if (entry.kind !== 'file') continue;
    const { path } = entry;
    if ([...sharedInside.keys()].some((d) => path.startsWith(`${d}/`))) {
      report.push({ path, outcome: 'excluded', rule: 'sharing-off' });
      continue;
    }
    if (rootsInside.some((r) => path.startsWith(r))) {
      report.push({ path, outcome: 'excluded', rule: 'code-repo' });
      continue;
    }
    if (excluded(path)) {
      report.push({ path, outcome: 'excluded', rule: 'config-exclude' });
      continue;
    }
    let placement = classifyPath(path, layout);
    // `include` globs bring back what the layout leaves out: a file outside it, or one in an archive folder.
    if (placement.kind === 'excluded' && placement.rule === 'archive' && included(path)) placement = classifyPath(path, layout, { archive: false });
    if (placement.kind === 'excluded' && placement.rule === 'outside-layout' && included(path)) placement = { kind: 'note', tier: 'cross-project' };
    if (placement.kind === 'excluded') {
      report.push({ path, outcome: 'excluded', rule: placement.rule });
      if (placement.rule === 'not-markdown' && path !== CONFIG_FILE) attachments.push(path);
      continue;
    }
    const placed = placement;
    later(
      path,
      (src) => {
        if (isUnpublished(src, unpublished, report)) return;
        if (placed.kind === 'idea') {
          ideas.push(src);
          report.push({ path, outcome: 'idea' });
          return;
        }
        notes.push({ ...withNoteFacts(reader, src), tier: placed.tier, ...(placed.projectKey ? { projectKey: placed.projectKey } : {}) });
      },
      entry.stats,
    );
  }

  for (const [key, p] of Object.entries(config.projects)) {
    if (!p.shared || projectRoots[key] === undefined) continue;
    readTeamShared(reader, projectRoots[key]!, key, unpublished, later, notes);
  }

  options.reading?.(toRead.length, !options.facts?.loaded);
  // The files to read are known: their facts are derived in worker threads first when the cache is cold (prefillFacts.ts),
  // then each is read in turn. Reports, issues and notes are sorted afterwards, so the order of reading changes nothing.
  let prefilled = 0;
  if (!options.facts?.loaded) {
    const store = (reader.facts ??= memoryFactsStore());
    prefilled = prefillFacts({ kbDir, paths: toRead.map(([path]) => path), secrets, links: reader.links }, store, options.prefill);
  }
  for (const [path, then, stats] of toRead) {
    const src = readSource(reader, path, stats);
    if (src) then(src);
  }
  // Files gone from the folder (or no longer read) leave the memo.
  if (memo) for (const path of memo.files.keys()) if (!reader.read.has(path)) memo.files.delete(path);

  const artifacts: Artifact[] = [];
  for (const [key, p] of Object.entries(config.projects)) {
    const root = projectRoots[key];
    if (root === undefined) continue;
    artifacts.push(artifact(fs, kbDir, key, 'CODEMAP', `${root}/CODEMAP.md`));
    // STITCH.md: at the configured `stitch` path (tracked even when missing), else at the project root when present.
    if (p.stitch !== undefined)
      artifacts.push(artifact(fs, kbDir, key, 'STITCH', toPosix(relative(kbDir, resolve(kbDir, p.stitch, /\.md$/i.test(p.stitch) ? '' : 'STITCH.md')))));
    else if (exists(fs, join(kbDir, root, 'STITCH.md'))) artifacts.push(artifact(fs, kbDir, key, 'STITCH', `${root}/STITCH.md`));
  }

  const aliases: AliasEntry[] = Object.entries(config.aliases).map(([alias, canonical]) => ({ alias, canonical, file: CONFIG_FILE, line: 0 }));
  const aliasesMd = readTextIfFile(fs, join(kbDir, 'aliases.md'));
  if (aliasesMd !== undefined) aliases.push(...parseAliasesMd(aliasesMd, 'aliases.md'));
  const indexMdText = readTextIfFile(fs, join(kbDir, 'index.md'));
  const indexMd = indexMdText === undefined ? undefined : parseIndexMd(indexMdText);
  // An existing index.md's `tag [aliases: a, b]` entries count like aliases.md lines.
  for (const [alias, canonical] of Object.entries(indexMd?.aliases ?? {})) aliases.push({ alias, canonical, file: 'index.md', line: 0 });

  const searchScope = config.search.scope ?? (safeIsDir(fs, join(kbDir, 'project', 'learnings')) ? 'project/learnings/' : '');
  const byFileAndLine = (a: KbIssue, b: KbIssue) => compareStrings(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0);
  report.sort((a, b) => compareStrings(a.path, b.path));
  issues.sort(byFileAndLine);
  notices.sort(byFileAndLine);
  return {
    kbDir,
    config,
    report,
    issues,
    notices,
    attachments: attachments.sort(compareStrings),
    secrets,
    prefilled,
    input: {
      config,
      layout,
      notes,
      ideas,
      aliases,
      ...(indexMd ? { indexMd } : {}),
      artifacts,
      ideasFolder: safeIsDir(fs, join(kbDir, 'intake', 'ideas')),
      legacyIdeasBacklog: exists(fs, join(kbDir, 'intake', 'ideas-backlog.md')),
      projectRoots,
      searchScope,
      inlineTags: config.inlineTags ?? safeIsDir(fs, join(kbDir, '.obsidian')),
      repos: config.repos.map((r) => {
        const path = toPosix(relative(kbDir, resolve(kbDir, r.path))) || '.';
        return { path, alias: r.alias ?? basename(resolve(kbDir, r.path)), include: r.include, exclude: r.exclude };
      }),
    },
  };
}

/** `draft: true`, `private: true`, `publish: false` or a config `private:` glob: recorded, never published. */
function isUnpublished(src: SourceFile, privateGlob: (path: string) => boolean, report: ReportEntry[]): boolean {
  const byConfig = privateGlob(src.path);
  if (!byConfig && !(src.facts?.frontmatter ?? readSourceFrontmatter(src)).unpublished) return false;
  report.push({ path: src.path, outcome: 'unpublished', rule: byConfig ? 'config-private' : 'frontmatter' });
  return true;
}

/** `<root>/_project-knowledge/**` of a project with sharing on: top level is `scope: repo`, `cross/` is `scope: cross`. */
function readTeamShared(
  reader: SourceReader,
  root: string,
  key: string,
  privateGlob: (path: string) => boolean,
  later: (path: string, then: (src: SourceFile) => void, stats: Stats) => void,
  out: NoteSource[],
): void {
  const { kbDir, report } = reader;
  const base = join(kbDir, root, '_project-knowledge');
  if (!safeIsDir(reader.fs, base)) return;
  const fromKb = (inner: string) => {
    const folder = inner === '' || inner.endsWith('/');
    return `${toPosix(relative(kbDir, join(base, inner)))}${folder ? '/' : ''}`;
  };
  const walk = walkTree(base, {
    fs: reader.fs,
    folder: (name) => (IGNORED_FOLDERS.has(name) ? 'ignore' : 'enter'),
    onSkip: (skip) => recordSkip(reader, fromKb(skip.path), skip),
  });
  for (const entry of walk) {
    if (entry.kind !== 'file') continue;
    const inner = entry.path;
    const rel = fromKb(inner);
    if (!/\.mdx?$/i.test(inner) || inner.toLowerCase() === 'readme.md') {
      report.push({ path: rel, outcome: 'excluded', rule: /\.mdx?$/i.test(inner) ? 'project-readme' : 'not-markdown' });
      continue;
    }
    later(
      rel,
      (src) => {
        if (isUnpublished(src, privateGlob, report)) return;
        const cross = inner.startsWith('cross/');
        out.push({ ...withNoteFacts(reader, src), tier: 'team-shared', shared: { project: cross ? 'cross' : key, scope: cross ? 'cross' : 'repo' } });
      },
      entry.stats,
    );
  }
}

function artifact(fs: KbFs, kbDir: string, project: string, kind: 'CODEMAP' | 'STITCH', path: string): Artifact {
  let mtimeMs: number;
  try {
    mtimeMs = fs.stat(join(kbDir, path)).mtimeMs;
  } catch {
    return { project, kind, path, exists: false };
  }
  return { project, kind, path, exists: true, mtime: toIsoDate(mtimeMs)! };
}

function safeReaddir(fs: KbFs, dir: string): string[] {
  try {
    return fs.readdir(dir);
  } catch {
    return [];
  }
}

function safeIsDir(fs: KbFs, p: string): boolean {
  try {
    return fs.stat(p).isDirectory();
  } catch {
    return false;
  }
}
