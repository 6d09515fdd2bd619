import type { QueryArtifact, QueryHit, QueryIdea, QueryResult } from './queryResult.js';

const GROUPS = [
  ['team-shared', 'Team-shared'],
  ['project-specific', 'Project-specific'],
  ['cross-project', 'Cross-project'],
] as const;

/** The human text of one query result; "Load which files?" is a `--load` hint, since a command cannot ask back. */
export function renderQueryText(r: QueryResult): string {
  if (r.usage) return `${r.usage}\n`;
  const out: string[] = [];
  for (const x of r.resolved) out.push(`Resolved \`${x.from}\` → \`${x.to}\``);
  for (const e of r.expanded) out.push(`Expanded \`${e.project}\` to include: ${e.tags.join(', ')}`);
  if (out.length) out.push('');

  const tagList = `[${r.tags.join(', ')}]`;
  const emptyNotes = r.emptyProjects.map((key) => `(No files yet in projects/${key}/ — folder is configured but empty.)`);
  if (r.results.length === 0) {
    out.push(`No files match tag(s): ${tagList}`, ...emptyNotes);
    out.push(`Known tags: ${(r.knownTags ?? []).map(knownTag).join(', ')}`);
    // No index to rebuild: every call reads the folder afresh, so a miss is the query's, not a stale index's.
    out.push(`Tags are read from the notes on every call: check the spelling, or search the words instead: kb search ${searchWords(r)}`);
  } else {
    out.push(`Found ${files(r.results.length)} matching: ${tagList} (${r.mode})`);
    const groups = GROUPS.map(([category, heading]) => [heading, r.results.filter((h) => h.category === category)] as const).filter(([, hits]) => hits.length);
    for (const [heading, hits] of groups) {
      // With one group the categories tell nothing: the flat list of the original presentation.
      if (groups.length > 1) out.push(`## ${heading} (${files(hits.length)})`);
      out.push(...hits.map(hitLine));
    }
    out.push(...emptyNotes);
  }

  if (r.artifacts.length) out.push('', `## Tracked artifacts (${r.artifacts.length})`, ...r.artifacts.map(artifactLine));
  for (const project of [...new Set(r.ideas.map((i) => i.project))]) {
    const ideas = r.ideas.filter((i) => i.project === project);
    out.push('', `## Pending Ideas for ${project} (${ideas.length})`, ...ideas.map(ideaLine));
  }
  if (r.notes.length) out.push(...(r.ideas.length ? [] : ['']), ...r.notes);
  if (r.results.length || r.artifacts.length) out.push('', 'Load which files? Re-run with --load all or --load 1,3 (numbers above; ideas are not loadable).');
  return `${out.join('\n')}\n`;
}

/** The query's tags as a keyword for `kb search`, quoted when it has more than one word. */
function searchWords(r: QueryResult): string {
  const words = r.query
    .split(/\s+/)
    .filter((w) => w !== '' && w.toUpperCase() !== 'AND')
    .join(' ');
  return /\s/.test(words) ? `"${words}"` : words;
}

function files(n: number): string {
  return n === 1 ? '1 file' : `${n} files`;
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function hitLine(h: QueryHit): string {
  const tags = h.tags.join(', ');
  const annotation = h.category === 'team-shared' ? ` [project: ${h.project}, scope: ${h.scope}${tags ? `, tags: ${tags}` : ''}]` : tags ? ` [${tags}]` : '';
  return `${h.n}. ${h.path} — ${oneLine(h.description)}${annotation}${h.hint ? ` [hint: ${h.hint}]` : ''}`;
}

function ageString(days: number): string {
  return days === 0 ? '(today)' : days === 1 ? '(yesterday)' : `(${days} days ago)`;
}

function artifactLine(a: QueryArtifact): string {
  const remedy = a.kind === 'CODEMAP' ? 'codemap' : 'stitch';
  const tagArg = a.kind === 'STITCH' ? ` ${a.project}` : '';
  let state: string;
  if (!a.exists) state = `(not found — run /${remedy} create${tagArg})`;
  else if (a.ageDays === undefined) state = 'fresh';
  // The stale marker takes the place of ` — fresh` (`— 34 days ago [STALE — …]`).
  else state = `${ageString(a.ageDays)}${a.stale ? ` [STALE — run /${remedy} ${a.kind === 'CODEMAP' ? 'update' : 'verify'}${tagArg}]` : ' — fresh'}`;
  return `${a.n}. ${a.path} — ${state} [project: ${a.project}]`;
}

function ideaLine(i: QueryIdea): string {
  const age = i.date === 'undated' ? '' : ` ${ageString(i.ageDays)}`;
  return `- ${i.date}${age} — ${i.type} — ${oneLine(i.description)}${i.stale ? ' [STALE — still relevant?]' : ''}`;
}

/** `kubernetes (k8s, kube)`; more than two aliases end in `…`. */
function knownTag(k: { tag: string; aliases: string[] }): string {
  if (k.aliases.length === 0) return k.tag;
  return `${k.tag} (${k.aliases.slice(0, 2).join(', ')}${k.aliases.length > 2 ? ' …' : ''})`;
}
