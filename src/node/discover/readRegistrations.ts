import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { parsePathContextConfig } from '../../core/discover/pathContextConfigSchema.js';
import { resolvePathLiteral } from '../../core/discover/resolvePathLiteral.js';

/** A registration as the knowledge folder's index carries it (`index.repos`). */
export interface Registration {
  /** Relative to `base` (the knowledge folder or the working directory), absolute, or `~/…`. */
  path: string;
  alias: string;
  include: string[];
  exclude: string[];
}

/** A registration with its absolute folder and where it came from. */
export interface ResolvedRegistration extends Registration {
  abs: string;
  source: 'kb.config.yaml' | typeof PROJECT_CONFIG | typeof GLOBAL_CONFIG | 'argument';
}

export const PROJECT_CONFIG = '.claude/path-context.yaml';
export const GLOBAL_CONFIG = '~/.claude/path-context.yaml';

/**
 * Discovery's aliases, highest priority first (docs/cli.md § "kb discover"): `.claude/path-context.yaml` in the working directory (project config, highest priority), the
 * knowledge folder's `repos:` (the team-wide list), then `~/.claude/path-context.yaml` (global config, the
 * fallback); for the same alias the earlier one wins. An empty `paths:` is no config; a missing file is fine;
 * an entry without `path` is skipped with a warning. Reads, never writes.
 */
export function readRegistrations(
  kbRepos: readonly Registration[],
  env: { kbDir: string; cwd: string; home?: string | undefined },
): { registrations: ResolvedRegistration[]; warnings: string[] } {
  const home = env.home ?? homedir();
  const warnings: string[] = [];
  const fromProject = readPathContext(join(env.cwd, PROJECT_CONFIG), PROJECT_CONFIG, { home, cwd: env.cwd }, warnings);
  const fromKb: ResolvedRegistration[] = kbRepos.map((r) => ({
    ...r,
    abs: resolvePathLiteral(r.path, { home, cwd: env.kbDir }),
    source: 'kb.config.yaml',
  }));
  const fromGlobal = readPathContext(join(home, PROJECT_CONFIG), GLOBAL_CONFIG, { home, cwd: home }, warnings);
  const seen = new Set<string>();
  const registrations: ResolvedRegistration[] = [];
  for (const r of [...fromProject, ...fromKb, ...fromGlobal]) {
    if (seen.has(r.alias)) continue;
    seen.add(r.alias);
    registrations.push(r);
  }
  return { registrations, warnings };
}

/** The entries of one path-context.yaml (none when the file is missing), its problems added to `warnings`. */
function readPathContext(
  file: string,
  label: typeof PROJECT_CONFIG | typeof GLOBAL_CONFIG,
  base: { home: string; cwd: string },
  warnings: string[],
): ResolvedRegistration[] {
  if (!existsSync(file)) return [];
  let raw: unknown;
  try {
    raw = parseYaml(readFileSync(file, 'utf8'));
  } catch (err) {
    warnings.push(`${label}: not valid YAML (${(err as Error).message.split('\n')[0]}); ignored.`);
  }
  const parsed = parsePathContextConfig(raw, label);
  warnings.push(...parsed.warnings);
  return parsed.entries.map((e) => {
    const abs = resolvePathLiteral(e.path, base);
    return { path: e.path, alias: e.alias ?? basename(abs), include: e.include, exclude: e.exclude, abs, source: label };
  });
}
