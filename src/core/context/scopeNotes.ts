import type { KbIndex, NoteEntry } from '../index/kbIndexSchema.js';
import type { Analyzer } from '../text/analyzer.js';
import { ENGLISH } from '../text/folderText.js';
import { normaliseTag } from '../tags/normaliseTag.js';

/** What scoping reads: the aliases, the projects, and per note its status, project, repo, tags and hints. */
export interface ScopeIndex extends Pick<KbIndex, 'aliases' | 'projects'> {
  notes: readonly ScopedNote[];
}
export type ScopedNote = Pick<NoteEntry, 'status' | 'tags' | 'hints'> & { project?: string | undefined; repo?: string | undefined };

/** Rank multipliers by status: deprecated and superseded notes are ranked down, never dropped. */
export const STATUS_FACTOR: Record<NoteEntry['status'], number> = { active: 1, draft: 0.8, deprecated: 0.45, superseded: 0.35 };
/** A note whose semantic hint the task contains, or that is tagged for the asked project/repo. */
const HINT_BOOST = 1.5;
const SCOPE_BOOST = 1.25;

export interface Scope {
  allowed: (i: number) => boolean;
  factor: (i: number) => number;
  /** Canonical tags for aliases the task uses, and the project's relevant tags, as analysed terms. */
  extraTerms: Map<string, number>;
  warnings: string[];
}

/**
 * Filters and boosts for a request. `--project P` keeps notes of P (its folder, `project:` or one of
 * its relevant tags, as /context expands a project) and notes of no project; `--repo R` keeps notes of
 * R (`repo:` or tag) and notes of no repo. Notes that belong elsewhere are left out. Tags' words are read with
 * the task's analyzers (`text`).
 */
export function scopeNotes(
  index: ScopeIndex,
  task: string,
  request: { repo?: string | undefined; project?: string | undefined },
  text: readonly Analyzer[] = ENGLISH.task(),
): Scope {
  const analyze = (words: string) => [...new Set(text.flatMap((a) => a.terms(words)))];
  const warnings: string[] = [];
  const extraTerms = new Map<string, number>();
  const taskTags = task.split(/[\s,;:()]+/).map((w) => normaliseTag(w.replace(/[.!?]+$/, '')) ?? '');
  for (const t of taskTags) {
    const canonical = index.aliases[t];
    if (canonical) for (const term of analyze(canonical.replace(/-/g, ' '))) extraTerms.set(term, 1);
  }
  const projectKeys = new Set(index.projects.map((p) => p.key));
  let projectTags: Set<string> | undefined;
  if (request.project) {
    const p = index.projects.find((x) => x.key === request.project || x.name === request.project);
    if (!p) warnings.push(`Project "${request.project}" is not configured; notes were not filtered by project.`);
    else {
      projectTags = new Set([p.key, ...p.tags]);
      for (const t of p.tags) for (const term of analyze(t.replace(/-/g, ' '))) if (!extraTerms.has(term)) extraTerms.set(term, 0.3);
    }
  }
  const projectKey = projectTags ? request.project && index.projects.find((x) => x.key === request.project || x.name === request.project)?.key : undefined;
  const repo = request.repo;
  const hintText = task.toLowerCase().replace(/-/g, '');

  const notes = index.notes;
  const filtered = Boolean((projectTags && projectKey) || repo);
  const allowed = notes.map((n) => {
    if (!filtered) return true;
    if (projectTags && projectKey) {
      const mine = n.project === projectKey || n.tags.some((t) => projectTags!.has(t));
      const elsewhere =
        (n.project !== undefined && n.project !== projectKey && n.project !== 'cross') || n.tags.some((t) => projectKeys.has(t) && t !== projectKey);
      if (!mine && elsewhere) return false;
    }
    if (repo && n.repo !== undefined && n.repo !== repo && !n.tags.includes(repo)) return false;
    return true;
  });
  const hintKeys = hintKeysOf(notes);
  const factor = notes.map((n, i) => {
    let f = STATUS_FACTOR[n.status];
    if (hintKeys[i]!.some((h) => hintText.includes(h))) f *= HINT_BOOST;
    if (projectTags && projectKey && (n.project === projectKey || n.tags.some((t) => projectTags!.has(t)))) f *= SCOPE_BOOST;
    if (repo && (n.repo === repo || n.tags.includes(repo))) f *= SCOPE_BOOST;
    return f;
  });
  return { allowed: (i) => allowed[i]!, factor: (i) => factor[i]!, extraTerms, warnings };
}

const HINT_KEYS = new WeakMap<readonly ScopedNote[], string[][]>();

/** Each note's semantic hints as the task is searched for them (lower case, no hyphens, over 2 letters); once per index. */
function hintKeysOf(notes: readonly ScopedNote[]): string[][] {
  let keys = HINT_KEYS.get(notes);
  if (!keys) HINT_KEYS.set(notes, (keys = notes.map((n) => n.hints.filter((h) => h.length > 2).map((h) => h.toLowerCase().replace(/-/g, '')))));
  return keys;
}
