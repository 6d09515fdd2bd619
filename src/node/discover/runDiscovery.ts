import { readdirSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { checkPathSecurity } from '../../core/discover/checkPathSecurity.js';
import { discoverInDigest } from '../../core/discover/discoverInDigest.js';
import { looksLikeProject, MAP_ENTRY_LINES, MAX_LINES, MAX_PATHS, perPathBudget, TRUNCATED_LINES } from '../../core/discover/discoveryRules.js';
import type { DiscoveryView, ReadFile } from '../../core/discover/renderDiscovery.js';
import type { PathDiscovery } from '../../core/discover/repoDigest.js';
import { resolvePathLiteral } from '../../core/discover/resolvePathLiteral.js';
import { buildRepoDigest, readText, splitLines } from './buildRepoDigest.js';
import { readRegistrations, type Registration, type ResolvedRegistration } from './readRegistrations.js';

export interface DiscoverRequest {
  /** Paths or aliases, in the order given. */
  refs: string[];
  task: string;
  /** Working directory: relative refs and `.claude/path-context.yaml` are read from here. */
  cwd: string;
  /** Knowledge folder: `registrations` paths are relative to it. */
  kbDir: string;
  /** `index.repos` (kb.config.yaml `repos:`). */
  registrations: Registration[];
  /** Home directory for `~`; default os.homedir(). */
  home?: string | undefined;
}

/** `kb discover --json`, plus what the text output needs (`views`, one per loaded path). */
export interface DiscoverResult {
  paths: PathDiscovery[];
  warnings: string[];
  views: DiscoveryView[];
}

export function projectIndicatorWarning(path: string): string {
  return `Path ${path} doesn't look like a project folder. Proceeding anyway, but results may be noisy.`;
}

export function maxPathsMessage(active: readonly string[]): string {
  return `Maximum of ${MAX_PATHS} references active. Which existing reference should I replace? Active: ${active.join(', ')}.`;
}

/**
 * Discovery end to end for the CLI (docs/cli.md § "kb discover"): registrations, security (before any read), existence, the 3-path
 * limit and per-path budget, project indicators, the 6 passes, and the reads (files over 500 lines as
 * their first 200). Never writes.
 */
export function runDiscovery(request: DiscoverRequest): DiscoverResult {
  const home = request.home ?? homedir();
  const { registrations, warnings } = readRegistrations(request.registrations, { kbDir: request.kbDir, cwd: request.cwd, home });
  const paths: PathDiscovery[] = [];
  const active: { target: ResolvedRegistration; real: string }[] = [];
  const notLoaded: string[] = [];
  const refused = (target: ResolvedRegistration, status: 'missing' | 'restricted') =>
    paths.push({ path: target.path, alias: target.alias, status, mode: 'files', budget: 0, selected: [], omitted: 0 });

  for (const ref of request.refs) {
    const target = resolveRef(ref, registrations, request.cwd, home);
    const verdict = checkPathSecurity(target.abs, home);
    if (!verdict.ok) {
      warnings.push(verdict.message);
      refused(target, 'restricted');
      continue;
    }
    const kind = kindOf(target.abs);
    if (kind !== 'dir') {
      const known = registrations.map((r) => r.alias);
      const hint =
        kind === 'file' || isRegistered(ref, registrations) || /[/\\~.]/.test(ref)
          ? ''
          : ` It is not a registered alias either${known.length ? ` (registered: ${known.join(', ')})` : ''}.`;
      const what = kind === 'file' ? 'is a file, not a folder' : 'does not exist';
      warnings.push(`Path ${target.path} ${what} (${target.abs}); skipped.${hint}`);
      refused(target, 'missing');
      continue;
    }
    const real = realpathSync(target.abs);
    const realVerdict = checkPathSecurity(real, home);
    if (!realVerdict.ok) {
      warnings.push(realVerdict.message);
      refused(target, 'restricted');
      continue;
    }
    if (active.some((a) => a.real === real)) {
      warnings.push(`Path ${target.path} is already loaded as ${active.find((a) => a.real === real)!.target.alias}; skipped.`);
      continue;
    }
    if (active.length === MAX_PATHS) {
      notLoaded.push(target.alias);
      continue;
    }
    active.push({ target, real });
  }
  if (notLoaded.length) {
    warnings.push(maxPathsMessage(active.map((a) => a.target.alias)), `Not loaded: ${notLoaded.join(', ')}.`);
  }

  const budget = perPathBudget(active.length);
  const views: DiscoveryView[] = [];
  for (const { target } of active) {
    if (!looksLikeProject(safeReaddir(target.abs))) warnings.push(projectIndicatorWarning(target.path));
    const digest = buildRepoDigest(target.abs, target);
    warnings.push(...digest.warnings);
    const discovery = discoverInDigest(digest, request.task, budget);
    if (discovery.message) warnings.push(discovery.message);
    paths.push({
      path: discovery.path,
      alias: discovery.alias,
      status: discovery.status,
      mode: discovery.mode,
      budget: discovery.budget,
      selected: discovery.selected,
      omitted: discovery.omitted,
    });
    const files: ReadFile[] = [];
    for (const s of discovery.selected) {
      if (discovery.mode === 'map' && s.file === digest.readmePath) continue; // the digest holds the excerpt
      const keep = discovery.mode === 'map' ? MAP_ENTRY_LINES : s.truncated ? TRUNCATED_LINES : MAX_LINES;
      const lines = splitLines(readText(join(target.abs, s.file)) ?? '');
      files.push({ file: s.file, text: lines.slice(0, keep).join('\n'), lines: lines.length, truncated: lines.length > keep });
    }
    views.push({ discovery, digest, files });
  }
  return { paths, warnings, views };
}

/** An alias names its registration; anything else is a path (`~`, `..` expanded), matched back to a registration. */
function resolveRef(ref: string, registrations: readonly ResolvedRegistration[], cwd: string, home: string): ResolvedRegistration {
  const byAlias = registrations.find((r) => r.alias === ref);
  if (byAlias) return byAlias;
  const abs = resolvePathLiteral(ref, { home, cwd });
  const byPath = registrations.find((r) => r.abs === abs);
  if (byPath) return byPath;
  return { path: ref, alias: basename(abs) || abs, include: [], exclude: [], abs, source: 'argument' };
}

function isRegistered(ref: string, registrations: readonly ResolvedRegistration[]): boolean {
  return registrations.some((r) => r.alias === ref);
}

function kindOf(abs: string): 'dir' | 'file' | 'none' {
  try {
    return statSync(abs).isDirectory() ? 'dir' : 'file';
  } catch {
    return 'none';
  }
}

function safeReaddir(abs: string): string[] {
  try {
    return readdirSync(abs);
  } catch {
    return [];
  }
}
