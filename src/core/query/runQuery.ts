import type { KbIndex, NoteEntry } from '../index/kbIndexSchema.js';
import { compareStrings } from '../util/compare.js';
import { staleness } from '../util/staleness.js';
import { matchNote } from './matchNote.js';
import { parseQuery } from './parseQuery.js';
import { BY_HINT, BY_TAG, markMeeting, markOwner, queryListsOf, UNMET, type QueryLists, type SourceList } from './queryLists.js';
import { LEGACY_BACKLOG_NOTE, QUERY_NO_TAG, type QueryArtifact, type QueryCategory, type QueryHit, type QueryIdea, type QueryResult } from './queryResult.js';

/**
 * The /context tag query over the index (docs/query-and-search.md § "kb query"): parse, resolve aliases, expand projects, match the three
 * sources, attach tracked artifacts and pending ideas. Pure: everything it needs (mtimes, idea dates) is in the index.
 */
export function runQuery(index: KbIndex, query: string, options: { today: string }): QueryResult {
  const { tokens: parsed, mode } = parseQuery(query);
  const result: QueryResult = { query, mode, tags: [], resolved: [], expanded: [], results: [], artifacts: [], ideas: [], emptyProjects: [], notes: [] };
  if (parsed.length === 0) return { ...result, usage: QUERY_NO_TAG };

  // Aliases first: alias → canonical, one way only, so a project key's alias expands too.
  const tokens: string[] = [];
  for (const token of parsed) {
    const canonical = Object.hasOwn(index.aliases, token) ? index.aliases[token]! : undefined;
    if (canonical !== undefined) result.resolved.push({ from: token, to: canonical });
    addOnce(tokens, canonical ?? token);
  }

  // Project keys: a project key keeps itself and brings its relevant tags, in union mode only.
  const projects = new Map(index.projects.map((p) => [p.key, p]));
  const tags = [...tokens];
  if (mode === 'OR') {
    for (const token of tokens) {
      const project = projects.get(token);
      if (!project || project.tags.length === 0) continue;
      result.expanded.push({ project: token, tags: [...project.tags] });
      for (const t of project.tags) addOnce(tags, t);
    }
  }
  result.tags = tags;
  const projectKeys = tags.filter((t) => projects.has(t));

  const lists = queryListsOf(index);
  result.results = [
    ...teamShared(index, lists, tags, mode, projectKeys),
    ...projectTier(index, lists, tags, mode, projectKeys, result.emptyProjects),
    ...crossProject(lists, tags, mode),
  ];
  result.results.forEach((h, i) => (h.n = i + 1));
  result.artifacts = artifacts(index, projectKeys, options.today, result.results.length);
  if (projectKeys.length && index.ideasFolder) {
    result.ideas = projectKeys.flatMap((key) => ideasFor(index, key, options.today));
    if (index.legacyIdeasBacklog) result.notes.push(LEGACY_BACKLOG_NOTE);
  }
  if (result.results.length === 0) {
    result.knownTags = index.knownTags.length
      ? index.knownTags.map((k) => ({ tag: k.tag, aliases: [...k.aliases] }))
      : index.otherTags.map((tag) => ({ tag, aliases: [] }));
  }
  return result;
}

function addOnce(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}

/** A numbered hit (`n` is set once the three sources are joined; it stays the first key, as the JSON prints it). */
function hit(note: NoteEntry, category: QueryCategory, hint: string): QueryHit {
  const h: QueryHit = { n: 0, category, path: note.path, description: note.description, tags: [...note.tags] };
  if (hint) h.hint = hint;
  if (category === 'team-shared') {
    h.project = note.project ?? 'cross';
    h.scope = note.scope ?? 'repo';
  }
  return h;
}

/**
 * The notes of a source that can match, in path order, each with whether tags alone settle it (matchNote
 * would show no hint): in union mode the notes some token meets, in intersection mode those every token
 * meets. With `owners` (team-shared), a note's owner project counts as its tag, and the notes of the
 * owners listed are in as well.
 */
function candidates(list: SourceList, tags: string[], mode: 'OR' | 'AND', owners?: readonly string[]): { notes: NoteEntry[]; tagged: boolean[] } {
  const meet = (token: string, marks: Uint8Array) => {
    markMeeting(list, token, marks);
    if (owners) markOwner(list, token, marks, BY_TAG);
  };
  const marks = new Uint8Array(list.notes.length);
  if (mode === 'OR') {
    for (const token of tags) meet(token, marks);
    for (const owner of owners ?? []) markOwner(list, owner, marks, BY_HINT);
  } else {
    // Every token must meet the note; it is settled by tags only when every token meets it by tag.
    marks.fill(BY_TAG);
    const one = new Uint8Array(list.notes.length);
    for (const token of tags) {
      one.fill(UNMET);
      meet(token, one);
      for (let rank = 0; rank < one.length; rank++) if (one[rank]! < marks[rank]!) marks[rank] = one[rank]!;
    }
  }
  const notes: NoteEntry[] = [];
  const tagged: boolean[] = [];
  marks.forEach((mark, rank) => {
    if (mark === UNMET) return;
    notes.push(list.notes[rank]!);
    tagged.push(mark === BY_TAG);
  });
  return { notes, tagged };
}

/** Cross-project: promoted notes; project-tier paths belong to projectTier (reviews are not promoted). */
function crossProject(lists: QueryLists, tags: string[], mode: 'OR' | 'AND') {
  const out: QueryHit[] = [];
  const { notes, tagged } = candidates(lists.cross, tags, mode);
  notes.forEach((note, i) => {
    const hint = tagged[i] ? '' : matchNote(note, tags, mode);
    if (hint !== undefined) out.push(hit(note, 'cross-project', hint));
  });
  return out;
}

/** Project-specific: every note of a queried project's folder in union mode; in intersection mode those meeting every token. */
function projectTier(index: KbIndex, lists: QueryLists, tags: string[], mode: 'OR' | 'AND', projectKeys: string[], empty: string[]) {
  const out: QueryHit[] = [];
  const seen = new Set<string>();
  for (const key of projectKeys) {
    const project = index.projects.find((p) => p.key === key)!;
    if (project.noteCount === 0) empty.push(key);
    for (const note of lists.project(key)) {
      if (seen.has(note.path)) continue;
      const hint = mode === 'OR' ? '' : matchNote(note, tags, mode);
      if (hint === undefined) continue;
      seen.add(note.path);
      out.push(hit(note, 'project-specific', hint));
    }
  }
  return out;
}

/**
 * Team-shared: notes of projects enabled for sharing, or `cross` (a defensive filter: the index may hold
 * notes of a project disabled since). The owner project counts as a tag of the note; `cross` notes also surface
 * for any project-key query in union mode.
 */
function teamShared(index: KbIndex, lists: QueryLists, tags: string[], mode: 'OR' | 'AND', projectKeys: string[]) {
  if (!index.sharing) return [];
  const enabled = new Set(['cross', ...index.projects.filter((p) => p.shared).map((p) => p.key)]);
  const out: QueryHit[] = [];
  const crossForProjects = mode === 'OR' && projectKeys.length > 0;
  const { notes, tagged } = candidates(lists.team, tags, mode, crossForProjects ? ['cross'] : []);
  notes.forEach((note, i) => {
    const owner = note.project ?? 'cross';
    if (!enabled.has(owner)) return;
    let hint = tagged[i] ? '' : matchNote(note, tags, mode, (t) => t === owner);
    if (hint === undefined && crossForProjects && owner === 'cross') hint = '';
    if (hint !== undefined) out.push(hit(note, 'team-shared', hint));
  });
  return out;
}

/** Tracked artifacts of each queried project: CODEMAP, and STITCH for groups; numbered on from the files. */
function artifacts(index: KbIndex, projectKeys: string[], today: string, first: number): QueryArtifact[] {
  const out: QueryArtifact[] = [];
  for (const key of projectKeys) {
    const group = index.projects.find((p) => p.key === key)?.group ?? false;
    const rows = index.artifacts.filter((a) => a.project === key && (a.kind === 'CODEMAP' || group)).sort((a, b) => compareStrings(a.kind, b.kind));
    for (const a of rows) {
      const row: QueryArtifact = { n: first + out.length + 1, project: key, kind: a.kind, path: a.path, exists: a.exists };
      if (a.exists && a.mtime) {
        const threshold = a.kind === 'CODEMAP' ? index.staleness.codemap : index.staleness.stitch;
        const s = staleness(a.mtime, today, threshold, '');
        row.ageDays = s.ageDays;
        row.stale = s.stale;
      }
      out.push(row);
    }
  }
  return out;
}

/** Pending ideas naming the project, newest first; date from frontmatter, else the file-name prefix (done by the index). */
function ideasFor(index: KbIndex, key: string, today: string): QueryIdea[] {
  return index.ideas
    .filter((i) => i.projects.some((p) => p.toLowerCase() === key))
    .map((i): QueryIdea => {
      const s = i.date ? staleness(i.date, today, index.staleness.ideas, '') : undefined;
      return {
        project: key,
        date: i.date ?? 'undated',
        ageDays: s?.ageDays ?? 0,
        type: i.type,
        description: i.description,
        stale: s?.stale ?? false,
        path: i.path,
      };
    })
    .sort((a, b) => compareStrings(dated(b), dated(a)) || compareStrings(a.path, b.path));
}

/** Undated ideas sort last in the newest-first order. */
function dated(idea: QueryIdea): string {
  return idea.date === 'undated' ? '' : idea.date;
}
