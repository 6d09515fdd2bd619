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
  source: 'kb.config.yaml' | '.claude/path-context.yaml' | 'argument';
}

export const PROJECT_CONFIG = '.claude/path-context.yaml';

/**
 * Seed 002 Step 1: the knowledge folder's `repos:` (the lower-priority, team-wide list) merged with
 * `.claude/path-context.yaml` in the working directory, which wins for the same alias. An empty
 * `paths:` is no config; an entry without `path` is skipped with a warning. Reads, never writes.
 */
export function readRegistrations(
  kbRepos: readonly Registration[],
  env: { kbDir: string; cwd: string; home?: string | undefined },
): { registrations: ResolvedRegistration[]; warnings: string[] } {
  const home = env.home ?? homedir();
  const warnings: string[] = [];
  const fromKb: ResolvedRegistration[] = kbRepos.map((r) => ({
    ...r,
    abs: resolvePathLiteral(r.path, { home, cwd: env.kbDir }),
    source: 'kb.config.yaml',
  }));
  const fromProject: ResolvedRegistration[] = [];
  const file = join(env.cwd, PROJECT_CONFIG);
  if (existsSync(file)) {
    let raw: unknown;
    try {
      raw = parseYaml(readFileSync(file, 'utf8'));
    } catch (err) {
      warnings.push(`${PROJECT_CONFIG}: not valid YAML (${(err as Error).message.split('\n')[0]}); ignored.`);
    }
    const parsed = parsePathContextConfig(raw, PROJECT_CONFIG);
    warnings.push(...parsed.warnings);
    for (const e of parsed.entries) {
      const abs = resolvePathLiteral(e.path, { home, cwd: env.cwd });
      fromProject.push({ path: e.path, alias: e.alias ?? basename(abs), include: e.include, exclude: e.exclude, abs, source: PROJECT_CONFIG });
    }
  }
  const projectAliases = new Set(fromProject.map((r) => r.alias));
  return { registrations: [...fromProject, ...fromKb.filter((r) => !projectAliases.has(r.alias))], warnings };
}
