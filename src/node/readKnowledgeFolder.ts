import { existsSync, lstatSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { classifyPath, detectLayout, IGNORED_FOLDERS, type Layout } from '../core/layout/classifyPath.js';
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
import { bodyOf, factsFor, fileFactsKey, tokensFor, type FileFacts, type FileFactsStore } from './cache/fileFacts.js';

export interface FolderReading {
  kbDir: string;
  config: KbConfig;
  input: IndexInput;
  /** Every file seen, with what happened to it. */
  report: ReportEntry[];
  /** Problems met while reading (secrets, binary files, symlinks leading out, files too large), by file. */
  issues: KbIssue[];
}

export interface ReadOptions {
  /** Keep notes that hold a credential (with a warning) instead of leaving them out. Default: false. */
  allowSecrets?: boolean | undefined;
  /** Where per-file facts are looked up and kept (the index cache). Default: none, everything is derived. */
  facts?: FileFactsStore | undefined;
}

/** Files larger than this are not read at all (a note this size is a mistake, e.g. a pasted dump). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** Files larger than this are indexed with a warning: their page will be heavy. */
export const LARGE_FILE_BYTES = 2 * 1024 * 1024;

/** How one file is read: the reading's options and where it records what happened. */
interface Reader {
  kbDir: string;
  report: ReportEntry[];
  issues: KbIssue[];
  allowSecrets: boolean;
  facts: FileFactsStore | undefined;
  /** Each file read, by path: its cache key and facts (a note's tokens are counted once it is known to be one). */
  read: Map<string, { key: string; facts: FileFacts }>;
}

const toPosix = (p: string) => p.split(sep).join('/');

/** Read a knowledge folder from disk into the core's IndexInput, accounting for every file seen. */
export function readKnowledgeFolder(kbDirArg: string, options: ReadOptions = {}): FolderReading {
  const kbDir = resolve(kbDirArg);
  if (!existsSync(kbDir) || !statSync(kbDir).isDirectory()) throw new Error(`${kbDirArg}: no such knowledge folder. Pass --kb DIR (default: content/).`);
  const config = loadKbConfig(kbDir);
  const realRoot = realpathSync(kbDir);
  const report: ReportEntry[] = [];
  const issues: KbIssue[] = [];
  const reader: Reader = { kbDir, report, issues, allowSecrets: options.allowSecrets ?? false, facts: options.facts, read: new Map() };

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
      sharedInside.set(rel === '.' ? '_project-knowledge/' : `${rel}/_project-knowledge/`, p.shared);
    }
  }
  for (const r of config.repos) {
    const rel = toPosix(relative(kbDir, resolve(kbDir, r.path)));
    if (rel && !rel.startsWith('..')) rootsInside.push(`${rel}/`);
  }

  const topFolders = safeReaddir(kbDir).filter((d) => safeIsDir(join(kbDir, d)));
  const layout: Layout = config.layout ?? detectLayout(topFolders);
  const excluded = picomatch(config.exclude.length ? config.exclude : ['\0'], { dot: true });
  const included = picomatch(config.include.length ? config.include : ['\0'], { dot: true });
  const unpublished = picomatch(config.private.length ? config.private : ['\0'], { dot: true });

  const notes: NoteSource[] = [];
  const ideas: SourceFile[] = [];
  for (const path of walk(kbDir, realRoot, reader)) {
    const sharedDir = [...sharedInside.keys()].find((d) => path.startsWith(d));
    if (sharedDir !== undefined) {
      if (!sharedInside.get(sharedDir)) report.push({ path, outcome: 'excluded', rule: 'sharing-off' });
      continue; // a shared project's folder is read (and reported) by readTeamShared below
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
    if (placement.kind === 'excluded' && placement.rule === 'outside-layout' && included(path)) placement = { kind: 'note', tier: 'cross-project' };
    if (placement.kind === 'excluded') {
      report.push({ path, outcome: 'excluded', rule: placement.rule });
      continue;
    }
    const src = readSource(reader, path);
    if (!src || isUnpublished(src, unpublished, report)) continue;
    if (placement.kind === 'idea') {
      ideas.push(src);
      report.push({ path, outcome: 'idea' });
      continue;
    }
    notes.push({ ...withTokens(reader, src), tier: placement.tier, ...(placement.projectKey ? { projectKey: placement.projectKey } : {}) });
  }

  for (const [key, p] of Object.entries(config.projects)) {
    if (!p.shared || projectRoots[key] === undefined) continue;
    notes.push(...readTeamShared(reader, projectRoots[key]!, key, unpublished));
  }

  const artifacts: Artifact[] = [];
  for (const [key, p] of Object.entries(config.projects)) {
    const root = projectRoots[key];
    if (root === undefined) continue;
    artifacts.push(artifact(kbDir, key, 'CODEMAP', `${root}/CODEMAP.md`));
    // STITCH.md: at the configured `stitch` path (tracked even when missing), else at the project root when present.
    if (p.stitch !== undefined)
      artifacts.push(artifact(kbDir, key, 'STITCH', toPosix(relative(kbDir, resolve(kbDir, p.stitch, /\.md$/i.test(p.stitch) ? '' : 'STITCH.md')))));
    else if (existsSync(join(kbDir, root, 'STITCH.md'))) artifacts.push(artifact(kbDir, key, 'STITCH', `${root}/STITCH.md`));
  }

  const aliases: AliasEntry[] = Object.entries(config.aliases).map(([alias, canonical]) => ({ alias, canonical, file: CONFIG_FILE, line: 0 }));
  const aliasesMd = join(kbDir, 'aliases.md');
  if (existsSync(aliasesMd)) aliases.push(...parseAliasesMd(readFileSync(aliasesMd, 'utf8'), 'aliases.md'));
  const indexMdPath = join(kbDir, 'index.md');
  const indexMd = existsSync(indexMdPath) ? parseIndexMd(readFileSync(indexMdPath, 'utf8')) : undefined;
  // An existing index.md's `tag [aliases: a, b]` entries count like aliases.md lines.
  for (const [alias, canonical] of Object.entries(indexMd?.aliases ?? {})) aliases.push({ alias, canonical, file: 'index.md', line: 0 });

  const searchScope = config.search.scope ?? (safeIsDir(join(kbDir, 'project', 'learnings')) ? 'project/learnings/' : '');
  report.sort((a, b) => compareStrings(a.path, b.path));
  issues.sort((a, b) => compareStrings(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0));
  return {
    kbDir,
    config,
    report,
    issues,
    input: {
      config,
      layout,
      notes,
      ideas,
      aliases,
      ...(indexMd ? { indexMd } : {}),
      artifacts,
      ideasFolder: safeIsDir(join(kbDir, 'intake', 'ideas')),
      legacyIdeasBacklog: existsSync(join(kbDir, 'intake', 'ideas-backlog.md')),
      projectRoots,
      searchScope,
      repos: config.repos.map((r) => {
        const path = toPosix(relative(kbDir, resolve(kbDir, r.path))) || '.';
        return { path, alias: r.alias ?? basename(resolve(kbDir, r.path)), include: r.include, exclude: r.exclude };
      }),
    },
  };
}

/** Every file under the root (relative, `/`-separated, sorted), never leaving the root through a symlink. */
function* walk(kbDir: string, realRoot: string, reader: Reader): Generator<string> {
  const seenDirs = new Set<string>([realRoot]);
  const skip = (path: string, rule: string, message?: string) => {
    reader.report.push({ path, outcome: 'excluded', rule, ...(message ? { messages: [`${path}: ${message}`] } : {}) });
    if (message) reader.issues.push({ severity: 'warning', code: rule, file: path, message });
  };
  function* visit(dir: string): Generator<string> {
    for (const name of safeReaddir(dir).sort(compareStrings)) {
      const abs = join(dir, name);
      const rel = toPosix(relative(kbDir, abs));
      let st;
      try {
        st = lstatSync(abs);
      } catch {
        skip(rel, 'unreadable', 'cannot be read (permissions?); not indexed.');
        continue;
      }
      let isDir = st.isDirectory();
      let isFile = st.isFile();
      if (st.isSymbolicLink()) {
        const real = safeRealpath(abs);
        if (real === undefined) {
          skip(rel, 'symlink-broken', 'symlink leads nowhere (or round in a loop); not read.');
          continue;
        }
        if (real !== realRoot && !real.startsWith(realRoot + sep)) {
          skip(rel, 'symlink-outside', 'symlink leads outside the knowledge folder; not read.');
          continue;
        }
        const target = statSync(real);
        isDir = target.isDirectory();
        isFile = target.isFile();
        if (isDir && seenDirs.has(real)) {
          skip(rel, 'symlink-loop', 'symlink leads back into a folder already read; not read twice.');
          continue;
        }
        if (isDir) seenDirs.add(real);
      }
      if (isDir) {
        if (IGNORED_FOLDERS.has(name)) {
          reader.report.push({ path: `${rel}/`, outcome: 'excluded', rule: 'ignored-folder' });
          continue;
        }
        yield* visit(abs);
      } else if (isFile) {
        yield rel;
      } else {
        reader.report.push({ path: rel, outcome: 'excluded', rule: 'not-a-file' }); // fifo, socket, device: never opened
      }
    }
  }
  yield* visit(kbDir);
}

/**
 * Read one file into a SourceFile, or record why it was left out: too large, binary, or holding a secret
 * (unless secrets are allowed, when it is kept with a warning).
 */
function readSource(reader: Reader, path: string): SourceFile | undefined {
  const abs = join(reader.kbDir, path);
  const leaveOut = (rule: string, message: string) => {
    reader.report.push({ path, outcome: 'excluded', rule, messages: [`${path}: ${message}`] });
    reader.issues.push({ severity: 'warning', code: rule, file: path, message });
  };
  const st = statSync(abs);
  if (st.size > MAX_FILE_BYTES) {
    leaveOut('too-large', `is ${(st.size / 1048576).toFixed(1)} MB, over the ${MAX_FILE_BYTES / 1048576} MB limit; not read. Split it or move it out.`);
    return undefined;
  }
  const buf = readFileSync(abs);
  if (buf.subarray(0, 8000).includes(0)) {
    leaveOut('binary', 'holds binary data (NUL bytes), not Markdown; not indexed.');
    return undefined;
  }
  const readWarnings: { code: string; message: string }[] = [];
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    text = new TextDecoder('latin1').decode(buf);
    readWarnings.push({ code: 'encoding', message: 'not valid UTF-8; read as Latin-1. Save the file as UTF-8.' });
  }
  if (st.size > LARGE_FILE_BYTES) readWarnings.push({ code: 'large-file', message: `is ${(st.size / 1048576).toFixed(1)} MB; its page will be slow to load.` });
  const key = fileFactsKey(buf, abs);
  const facts = factsFor(reader.facts, key, text, abs);
  const secrets = facts.secrets;
  const secretMessage = (kind: string) =>
    `holds what looks like a credential (${kind}); left out of every published output. Remove it (and rotate it: it is in the history) or build with --allow-secrets.`;
  if (secrets.length && !reader.allowSecrets) {
    reader.report.push({ path, outcome: 'excluded', rule: 'secret', messages: secrets.map((s) => `${path}:${s.line}: ${secretMessage(s.kind)}`) });
    for (const s of secrets) reader.issues.push({ severity: 'warning', code: 'secret', file: path, line: s.line, message: secretMessage(s.kind) });
    return undefined;
  }
  for (const s of secrets)
    readWarnings.push({
      code: 'secret-allowed',
      message: `line ${s.line}: holds what looks like a credential (${s.kind}); published because secrets are allowed.`,
    });
  reader.read.set(path, { key, facts });
  const { body, line: bodyLine } = bodyOf(facts, text);
  return {
    path,
    data: facts.data,
    body,
    bodyLine,
    ...(facts.frontmatterText !== undefined ? { frontmatterText: facts.frontmatterText } : {}),
    ...(facts.yamlError ? { yamlError: facts.yamlError } : {}),
    mtime: st.mtimeMs,
    ...(readWarnings.length ? { readWarnings } : {}),
    facts: { frontmatter: facts.frontmatter, body: facts.body },
  };
}

/** A file that became a note: its token count joins its facts (ideas and drafts are never counted). */
function withTokens(reader: Reader, src: SourceFile): SourceFile {
  const { key, facts } = reader.read.get(src.path)!;
  return { ...src, facts: { frontmatter: facts.frontmatter, body: facts.body, tokens: tokensFor(reader.facts, key, facts, src.body) } };
}

/** `draft: true`, `private: true`, `publish: false` or a config `private:` glob: recorded, never published. */
function isUnpublished(src: SourceFile, privateGlob: (path: string) => boolean, report: ReportEntry[]): boolean {
  const byConfig = privateGlob(src.path);
  if (!byConfig && !(src.facts?.frontmatter ?? readSourceFrontmatter(src)).unpublished) return false;
  report.push({ path: src.path, outcome: 'unpublished', rule: byConfig ? 'config-private' : 'frontmatter' });
  return true;
}

/** `<root>/_project-knowledge/**` of a project with sharing on: top level is `scope: repo`, `cross/` is `scope: cross`. */
function readTeamShared(reader: Reader, root: string, key: string, privateGlob: (path: string) => boolean): NoteSource[] {
  const { kbDir, report } = reader;
  const base = join(kbDir, root, '_project-knowledge');
  if (!safeIsDir(base)) return [];
  const out: NoteSource[] = [];
  const realBase = realpathSync(base);
  const seenDirs = new Set<string>([realBase]);
  const visit = (dir: string) => {
    for (const name of safeReaddir(dir).sort(compareStrings)) {
      const abs = join(dir, name);
      const rel = toPosix(relative(kbDir, abs));
      const real = safeRealpath(abs);
      if (!real || (real !== realBase && !real.startsWith(realBase + sep))) {
        report.push({ path: rel, outcome: 'excluded', rule: real ? 'symlink-outside' : 'symlink-broken' });
        continue;
      }
      if (safeIsDir(abs)) {
        if (seenDirs.has(real)) report.push({ path: rel, outcome: 'excluded', rule: 'symlink-loop' });
        else if (IGNORED_FOLDERS.has(name)) report.push({ path: `${rel}/`, outcome: 'excluded', rule: 'ignored-folder' });
        else {
          seenDirs.add(real);
          visit(abs);
        }
        continue;
      }
      const inner = toPosix(relative(base, abs));
      if (!/\.mdx?$/i.test(name) || inner.toLowerCase() === 'readme.md') {
        report.push({ path: rel, outcome: 'excluded', rule: /\.mdx?$/i.test(name) ? 'project-readme' : 'not-markdown' });
        continue;
      }
      const src = readSource(reader, rel);
      if (!src || isUnpublished(src, privateGlob, report)) continue;
      const cross = inner.startsWith('cross/');
      out.push({ ...withTokens(reader, src), tier: 'team-shared', shared: { project: cross ? 'cross' : key, scope: cross ? 'cross' : 'repo' } });
    }
  };
  visit(base);
  return out;
}

function artifact(kbDir: string, project: string, kind: 'CODEMAP' | 'STITCH', path: string): Artifact {
  const abs = join(kbDir, path);
  if (!existsSync(abs)) return { project, kind, path, exists: false };
  return { project, kind, path, exists: true, mtime: toIsoDate(statSync(abs).mtimeMs)! };
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function safeIsDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function safeRealpath(p: string): string | undefined {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}
