import { existsSync, lstatSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { classifyPath, detectLayout, IGNORED_FOLDERS, type Layout } from '../core/layout/classifyPath.js';
import type { IndexInput, NoteSource, SourceFile } from '../core/index/buildIndex.js';
import type { Artifact, ReportEntry } from '../core/index/kbIndexSchema.js';
import type { KbConfig } from '../core/config/kbConfigSchema.js';
import { parseAliasesMd, type AliasEntry } from '../core/aliases/parseAliasesMd.js';
import { parseIndexMd } from '../core/aria/parseIndexMd.js';
import { readFrontmatter } from '../core/model/frontmatterSchema.js';
import { toIsoDate } from '../core/util/isoDate.js';
import { compareStrings } from '../core/util/compare.js';
import { loadKbConfig, CONFIG_FILE } from './loadKbConfig.js';
import { parseSourceText } from './parseSourceText.js';

export interface FolderReading {
  kbDir: string;
  config: KbConfig;
  input: IndexInput;
  /** Every file seen, with what happened to it. */
  report: ReportEntry[];
}

const toPosix = (p: string) => p.split(sep).join('/');

/** Read a knowledge folder from disk into the core's IndexInput, accounting for every file seen. */
export function readKnowledgeFolder(kbDirArg: string): FolderReading {
  const kbDir = resolve(kbDirArg);
  if (!existsSync(kbDir) || !statSync(kbDir).isDirectory()) throw new Error(`${kbDirArg}: no such knowledge folder. Pass --kb DIR (default: content/).`);
  const config = loadKbConfig(kbDir);
  const realRoot = realpathSync(kbDir);
  const report: ReportEntry[] = [];

  const projectRoots: Record<string, string> = {};
  const rootsInside: string[] = [];
  for (const [key, p] of Object.entries(config.projects)) {
    if (!p.path) continue;
    const rel = toPosix(relative(kbDir, resolve(kbDir, p.path))) || '.';
    projectRoots[key] = rel;
    if (!rel.startsWith('..') && rel !== '.') rootsInside.push(`${rel}/`);
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
  for (const path of walk(kbDir, realRoot, report)) {
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
    const src = readSource(kbDir, path, report);
    if (!src) continue;
    if (placement.kind === 'idea') {
      ideas.push(src);
      report.push({ path, outcome: 'idea' });
      continue;
    }
    if (unpublished(path) || readFrontmatter(src.data).unpublished) {
      report.push({ path, outcome: 'unpublished', rule: unpublished(path) ? 'config-private' : 'frontmatter' });
      continue;
    }
    notes.push({ ...src, tier: placement.tier, ...(placement.projectKey ? { projectKey: placement.projectKey } : {}) });
  }

  for (const [key, p] of Object.entries(config.projects)) {
    if (!p.shared || projectRoots[key] === undefined) continue;
    notes.push(...readTeamShared(kbDir, projectRoots[key]!, key, report));
  }

  const artifacts: Artifact[] = [];
  for (const [key, p] of Object.entries(config.projects)) {
    const root = projectRoots[key];
    if (root === undefined) continue;
    artifacts.push(artifact(kbDir, key, 'CODEMAP', `${root}/CODEMAP.md`));
    if (p.stitch !== undefined)
      artifacts.push(artifact(kbDir, key, 'STITCH', toPosix(relative(kbDir, resolve(kbDir, p.stitch, /\.md$/i.test(p.stitch) ? '' : 'STITCH.md')))));
  }

  const aliases: AliasEntry[] = Object.entries(config.aliases).map(([alias, canonical]) => ({ alias, canonical, file: CONFIG_FILE, line: 0 }));
  const aliasesMd = join(kbDir, 'aliases.md');
  if (existsSync(aliasesMd)) aliases.push(...parseAliasesMd(readFileSync(aliasesMd, 'utf8'), 'aliases.md'));
  const indexMdPath = join(kbDir, 'index.md');
  const indexMd = existsSync(indexMdPath) ? parseIndexMd(readFileSync(indexMdPath, 'utf8')) : undefined;

  const searchScope = config.search.scope ?? (safeIsDir(join(kbDir, 'project', 'learnings')) ? 'project/learnings/' : '');
  report.sort((a, b) => compareStrings(a.path, b.path));
  return {
    kbDir,
    config,
    report,
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
function* walk(kbDir: string, realRoot: string, report: ReportEntry[]): Generator<string> {
  const seenDirs = new Set<string>([realRoot]);
  function* visit(dir: string): Generator<string> {
    for (const name of safeReaddir(dir).sort(compareStrings)) {
      const abs = join(dir, name);
      const rel = toPosix(relative(kbDir, abs));
      let st;
      try {
        st = lstatSync(abs);
      } catch {
        report.push({ path: rel, outcome: 'excluded', rule: 'unreadable' });
        continue;
      }
      let isDir = st.isDirectory();
      if (st.isSymbolicLink()) {
        let real: string;
        try {
          real = realpathSync(abs);
        } catch {
          report.push({ path: rel, outcome: 'excluded', rule: 'symlink-broken' });
          continue;
        }
        if (real !== realRoot && !real.startsWith(realRoot + sep)) {
          report.push({ path: rel, outcome: 'excluded', rule: 'symlink-outside', messages: [`${rel}: symlink leads outside the knowledge folder; not read.`] });
          continue;
        }
        isDir = statSync(abs).isDirectory();
        if (isDir && seenDirs.has(real)) {
          report.push({ path: rel, outcome: 'excluded', rule: 'symlink-loop' });
          continue;
        }
        if (isDir) seenDirs.add(real);
      }
      if (isDir) {
        if (IGNORED_FOLDERS.has(name)) {
          report.push({ path: `${rel}/`, outcome: 'excluded', rule: 'ignored-folder' });
          continue;
        }
        yield* visit(abs);
      } else if (st.isFile() || st.isSymbolicLink()) {
        yield rel;
      }
    }
  }
  yield* visit(kbDir);
}

function readSource(kbDir: string, path: string, report: ReportEntry[]): SourceFile | undefined {
  const abs = join(kbDir, path);
  const buf = readFileSync(abs);
  if (buf.subarray(0, 8000).includes(0)) {
    report.push({ path, outcome: 'excluded', rule: 'binary', messages: [`${path}: holds binary data (NUL bytes), not Markdown; not indexed.`] });
    return undefined;
  }
  let text: string;
  let warning: string | undefined;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    text = new TextDecoder('latin1').decode(buf);
    warning = 'not valid UTF-8; read as Latin-1. Save the file as UTF-8.';
  }
  const parsed = parseSourceText(text);
  return { path, ...parsed, mtime: statSync(abs).mtimeMs, ...(warning ? { readWarnings: [{ code: 'encoding', message: warning }] } : {}) };
}

function readTeamShared(kbDir: string, root: string, key: string, report: ReportEntry[]): NoteSource[] {
  const base = join(kbDir, root, '_project-knowledge');
  if (!safeIsDir(base)) return [];
  const out: NoteSource[] = [];
  const realBase = realpathSync(base);
  const visit = (dir: string) => {
    for (const name of safeReaddir(dir).sort(compareStrings)) {
      const abs = join(dir, name);
      const rel = toPosix(relative(kbDir, abs));
      const real = safeRealpath(abs);
      if (!real || (real !== realBase && !real.startsWith(realBase + sep))) {
        report.push({ path: rel, outcome: 'excluded', rule: 'symlink-outside' });
        continue;
      }
      if (safeIsDir(abs)) {
        if (!IGNORED_FOLDERS.has(name)) visit(abs);
        continue;
      }
      const inner = toPosix(relative(base, abs));
      if (!/\.mdx?$/i.test(name) || inner.toLowerCase() === 'readme.md') {
        report.push({ path: rel, outcome: 'excluded', rule: /\.mdx?$/i.test(name) ? 'project-readme' : 'not-markdown' });
        continue;
      }
      const src = readSource(kbDir, rel, report);
      if (!src) continue;
      if (readFrontmatter(src.data).unpublished) {
        report.push({ path: rel, outcome: 'unpublished', rule: 'frontmatter' });
        continue;
      }
      const cross = inner.startsWith('cross/');
      out.push({ ...src, tier: 'team-shared', shared: { project: cross ? 'cross' : key, scope: cross ? 'cross' : 'repo' } });
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
