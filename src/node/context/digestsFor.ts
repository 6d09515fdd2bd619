import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, resolve } from 'node:path';
import { projectRepo } from '../../core/context/repoContext.js';
import { taskTriggers } from '../../core/context/taskTriggers.js';
import { checkPathSecurity } from '../../core/discover/checkPathSecurity.js';
import type { RepoDigest } from '../../core/discover/repoDigest.js';
import { resolvePathLiteral } from '../../core/discover/resolvePathLiteral.js';
import type { KbIndex } from '../../core/index/kbIndexSchema.js';
import { buildRepoDigest, type RepoRegistration } from '../discover/buildRepoDigest.js';

/** How a codebase is digested: buildRepoDigest, or a build's memo of it (digestMemo). */
export type DigestOf = (abs: string, reg: RepoRegistration) => RepoDigest;

/**
 * buildRepoDigest once per codebase and registration: a site build digests each registered codebase for every
 * configured pack and for `kb-digests.json`, within one build.
 */
export function digestMemo(): DigestOf {
  const memo = new Map<string, RepoDigest>();
  return (abs, reg) => {
    const key = JSON.stringify([abs, reg.alias, reg.path, reg.include, reg.exclude]);
    let digest = memo.get(key);
    if (!digest) memo.set(key, (digest = buildRepoDigest(abs, reg)));
    return digest;
  };
}

/**
 * Digests of the codebases a pack request names: `--repo` (else the project's registered code root),
 * `@context <alias>` (registered repos) and path literals in the task. Each path passes discovery's
 * security rules before anything is read.
 */
export function digestsFor(
  kbDir: string,
  index: KbIndex,
  request: { task: string; repo?: string | undefined; project?: string | undefined },
  env: { home: string; cwd: string } = { home: homedir(), cwd: process.cwd() },
  digestOf: DigestOf = buildRepoDigest,
): { digests: RepoDigest[]; warnings: string[] } {
  const digests: RepoDigest[] = [];
  const warnings: string[] = [];
  const triggers = taskTriggers(request.task);
  const read = (abs: string, reg: { alias: string; path: string; include: string[]; exclude: string[] }) => {
    const verdict = checkPathSecurity(abs, env.home);
    if (!verdict.ok) return void warnings.push(verdict.message);
    if (!existsSync(abs) || !statSync(abs).isDirectory()) return void warnings.push(`Codebase ${reg.path} does not exist; skipped.`);
    try {
      digests.push(digestOf(abs, reg));
    } catch (err) {
      warnings.push(`Codebase ${reg.path} could not be read: ${(err as Error).message}`);
    }
  };
  const named = request.repo ?? projectRepo(index, request.project);
  const aliases = [...new Set([...(named ? [named] : []), ...triggers.aliases])];
  for (const alias of aliases) {
    const reg = index.repos.find((r) => r.alias === alias);
    if (reg) read(resolve(kbDir, reg.path), reg);
  }
  for (const literal of triggers.paths) {
    const abs = resolvePathLiteral(literal, env);
    const reg = index.repos.find((r) => resolve(kbDir, r.path) === abs);
    read(abs, { alias: reg?.alias ?? basename(abs), path: literal, include: reg?.include ?? [], exclude: reg?.exclude ?? [] });
  }
  return { digests, warnings };
}
