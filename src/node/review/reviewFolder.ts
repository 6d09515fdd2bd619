import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { reviewKnowledge } from '../../core/review/reviewKnowledge.js';
import type { KnowledgeReview } from '../../core/review/reviewSchema.js';
import { GitError, runGit } from '../git/runGit.js';
import { loadKbConfig } from '../loadKbConfig.js';
import { resolveReviewBase, ReviewBaseError } from './resolveReviewBase.js';
import { reviewSide } from './reviewSide.js';
import { writeTreeAt } from './writeTreeAt.js';

export interface ReviewFolderOptions {
  /** `--base REF`; default: the merge base of HEAD and the default branch. */
  base: string | undefined;
  today: string;
  allowSecrets: boolean;
  /** Index caches of the working tree's folder and of the folder at the base (kept apart: each holds its latest). */
  cacheDir: string | undefined;
  baseCacheDir: string | undefined;
  /** The folder as the user named it, for the comment. */
  folder: string;
  env: { home: string; cwd: string };
  warn: (line: string) => void;
}

const toPosix = (p: string) => p.split(sep).join('/');

/**
 * `kb review`: the knowledge folder in the working tree against the same folder at the base commit. The base is
 * written to a temporary folder at its repository path (so a team-shared `_project-knowledge/` elsewhere in the
 * repository is found where the config says), indexed like the working tree, and removed afterwards.
 */
export function reviewFolder(kbDir: string, options: ReviewFolderOptions): KnowledgeReview {
  let top: string;
  try {
    top = realpathSync(runGit(kbDir, ['rev-parse', '--show-toplevel']).trim());
  } catch (err) {
    if (err instanceof GitError)
      throw new ReviewBaseError(`${options.folder} is not in a git repository: kb review compares it with a commit of its repository`);
    throw err;
  }
  const prefix = toPosix(relative(top, realpathSync(kbDir)));
  const base = resolveReviewBase(top, options.base);
  const tmp = mkdtempSync(join(tmpdir(), 'kb-review-'));
  try {
    const baseDir = join(tmp, prefix);
    writeTreeAt(top, base.commit, prefix ? [prefix] : [], tmp);
    mkdirSync(baseDir, { recursive: true });
    const shared = sharedOutside(baseDir, tmp, prefix, options.warn);
    if (shared.length) writeTreeAt(top, base.commit, shared, tmp);
    const side = { today: options.today, allowSecrets: options.allowSecrets, codeDir: kbDir, env: options.env, warn: options.warn };
    const before = reviewSide(baseDir, { ...side, cacheDir: options.baseCacheDir, suggest: false });
    const after = reviewSide(kbDir, { ...side, cacheDir: options.cacheDir, suggest: true });
    return reviewKnowledge(before, after, { folder: options.folder, base, today: options.today });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Team-shared folders the base's config reads from elsewhere in the repository (repository-relative), so they
 * are compared too. One outside the repository cannot be read at the base: a warning says so.
 */
function sharedOutside(baseDir: string, root: string, prefix: string, warn: (line: string) => void): string[] {
  const out: string[] = [];
  for (const [key, p] of Object.entries(loadKbConfig(baseDir).projects)) {
    if (!p.shared || !p.path) continue;
    const rel = toPosix(relative(root, resolve(baseDir, p.path, '_project-knowledge')));
    if (rel.startsWith('..') || isAbsolute(rel))
      warn(`project ${key}: its team-shared folder is outside the repository, so the review cannot read it at the base`);
    else if (prefix && rel !== prefix && !rel.startsWith(`${prefix}/`)) out.push(rel);
  }
  return out;
}
