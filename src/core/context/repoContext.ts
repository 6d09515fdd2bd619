import { discoverInDigest } from '../discover/discoverInDigest.js';
import { MAX_PATHS, perPathBudget } from '../discover/discoveryRules.js';
import type { RepoDigest } from '../discover/repoDigest.js';
import type { Idea, KbIndex } from '../index/kbIndexSchema.js';
import { staleness } from '../util/staleness.js';
import { taskTriggers } from './taskTriggers.js';

export interface RepoContext {
  lines: string[];
  files: string[];
  openQuestions: string[];
  warnings: string[];
}

/** The alias of the registered repo at a project's code root (`projects.P.path` = `repos[].path`), if any. */
export function projectRepo(index: Pick<KbIndex, 'projects' | 'repos'>, project: string | undefined): string | undefined {
  const p = project ? index.projects.find((x) => x.key === project || x.name === project) : undefined;
  const plain = (path: string) => path.replace(/^(\.\/)+|\/+$/g, '');
  return p?.root === undefined ? undefined : index.repos.find((r) => plain(r.path) === plain(p.root!))?.alias;
}

/**
 * Repo/Project Context and Files to Inspect. Codebases are named by `--repo` (else the project's
 * registered code root), by `@context <alias>` and
 * by path literals in the task; each must have a digest (registered repos, or a path the node side read
 * under the discovery security rules). At most 3, each with discovery's per-path budget.
 */
export function repoContext(
  index: Pick<KbIndex, 'projects' | 'repos' | 'artifacts' | 'staleness'> & { ideas: readonly Pick<Idea, 'projects'>[] },
  task: string,
  request: { repo?: string | undefined; project?: string | undefined; today?: string | undefined },
  digests: readonly RepoDigest[],
): RepoContext {
  const out: RepoContext = { lines: [], files: [], openQuestions: [], warnings: [] };
  const project = request.project ? index.projects.find((p) => p.key === request.project || p.name === request.project) : undefined;
  if (project) {
    const tags = project.tags.length ? `relevant tags: ${project.tags.join(', ')}` : 'no relevant tags configured';
    out.lines.push(
      `**${project.name}** (project \`${project.key}\`): ${tags}; ${project.noteCount} project notes${project.root ? `; code at \`${project.root}\`` : ''}.`,
    );
    for (const a of index.artifacts.filter((x) => x.project === project.key)) {
      if (!a.exists) out.lines.push(`- ${a.kind}.md: not found (\`${a.path}\`).`);
      else {
        const threshold = a.kind === 'CODEMAP' ? index.staleness.codemap : index.staleness.stitch;
        const remedy = a.kind === 'CODEMAP' ? 'run /codemap update' : `run /stitch verify ${project.key}`;
        const age = request.today && a.mtime ? staleness(a.mtime, request.today, threshold, remedy) : undefined;
        out.lines.push(`- ${a.kind}.md: \`${a.path}\`${age ? ` ${age.ageString}${age.marker}` : ''}.`);
      }
    }
    const ideas = index.ideas.filter((i) => i.projects.includes(project.key));
    if (ideas.length) out.lines.push(`- ${ideas.length} pending idea${ideas.length === 1 ? '' : 's'} for this project in \`intake/ideas/\`.`);
  }

  const triggers = taskTriggers(task);
  const named: { name: string; digest?: RepoDigest | undefined }[] = [];
  const add = (name: string, digest: RepoDigest | undefined) => {
    if (!named.some((n) => n.name === name || (digest && n.digest === digest))) named.push({ name, digest });
  };
  const repo = request.repo ?? projectRepo(index, request.project);
  if (repo)
    add(
      repo,
      digests.find((d) => d.alias === repo),
    );
  for (const a of triggers.aliases)
    add(
      a,
      digests.find((d) => d.alias === a),
    );
  for (const p of triggers.paths)
    add(
      p,
      digests.find((d) => d.path === p),
    );
  for (const n of named.filter((x) => !x.digest)) {
    const registered = index.repos.some((r) => r.alias === n.name);
    out.openQuestions.push(
      registered
        ? `Codebase \`${n.name}\` is registered but was not read; no files listed for it.`
        : `\`${n.name}\` is not a registered codebase (kb.config.yaml \`repos:\`) or was refused by the path rules; no files listed for it.`,
    );
  }
  let found = named.filter((x) => x.digest).map((x) => x.digest!);
  if (found.length > MAX_PATHS) {
    out.warnings.push(
      `More than ${MAX_PATHS} codebases named; only ${found
        .map((d) => d.alias)
        .slice(0, MAX_PATHS)
        .join(', ')} were used.`,
    );
    found = found.slice(0, MAX_PATHS);
  }
  const budget = perPathBudget(found.length);
  for (const d of found) {
    const stack = [...new Set([d.language ?? 'language unknown', ...d.frameworks])].join(', ');
    const facts = [stack, `${d.structure} layout`, d.mode === 'map' ? `${d.fileCount} files (project map mode)` : `${d.fileCount} files`];
    out.lines.push(
      `**${d.alias}** (\`${d.path}\`): ${facts.join('; ')}${d.entryPoints.length ? `; entry points: ${d.entryPoints.map((e) => `\`${e}\``).join(', ')}` : ''}.`,
    );
    const picked = discoverInDigest(d, task, budget);
    if (picked.message) out.files.push(`- ${d.alias}: ${picked.message}`);
    for (const f of picked.selected) out.files.push(`- \`${d.alias}/${f.file}\` (${f.lines} lines${f.truncated ? ', read the first 200' : ''}) — ${f.reason}`);
    for (const w of d.warnings) out.warnings.push(`${d.alias}: ${w}`);
  }
  if (out.lines.length === 0) out.lines.push('No repo or project given.');
  if (out.files.length === 0)
    out.files.push(
      found.length ? 'Discovery selected no files for this task.' : 'No codebase named (pass `--repo`, or write a path or `@context <alias>` in the task).',
    );
  return out;
}
