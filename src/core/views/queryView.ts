import { englishI18n, type I18n } from '../i18n/createI18n.js';
import { ages } from '../i18n/en/agesStrings.js';
import { queryView as queryViewWords } from '../i18n/en/queryViewStrings.js';
import type { KbIndex } from '../index/kbIndexSchema.js';
import type { QueryCategory, QueryResult } from '../query/queryResult.js';
import { staleness } from '../util/staleness.js';

/** The words of a query's answer (src/core/i18n/en/queryViewStrings.ts and ages.ts) in a page's language. */
export type QueryViewWords = Pick<I18n<keyof typeof queryViewWords | keyof typeof ages>, 't'>;

const ENGLISH = { ...queryViewWords, ...ages };

/** The answer's words in English: what the view speaks when the caller names no language. */
export function englishQueryWords(): QueryViewWords {
  return englishI18n(ENGLISH);
}

/**
 * What a query result looks like on a page: the groups, numbering and labels of `kb query`
 * (docs/query-and-search.md), with links. The tag and project pages and the query island all render this,
 * so the site and the CLI cannot drift apart.
 */
export interface QueryView {
  /** `Resolved \`rn\` → \`react-native\``, `Expanded \`pay\` to include: …` */
  notices: string[];
  /** `Found 3 files matching: [api] (OR)` or `No files match tag(s): [x]`; empty for an empty query. */
  summary: string;
  /** Only the first `shown` hits (by number) are in the groups; headings still count all of them. */
  groups: { category: QueryCategory; heading: string | undefined; hits: HitView[] }[];
  /** Hits in the result. */
  total: number;
  /** Hits in the groups: the first `limit` of the numbered list. */
  shown: number;
  /** `(No files yet in projects/ops/ — folder is configured but empty.)` */
  emptyNotes: string[];
  /** Only when nothing matched: `Known tags: api, kubernetes (k8s, kube), …` */
  knownTags: { tag: string; aliases: string[] }[] | undefined;
  artifacts: ArtifactView[];
  ideaGroups: { heading: string; ideas: IdeaView[] }[];
  /** Informational lines (legacy ideas backlog). */
  notes: string[];
  usage: string | undefined;
}

export interface HitView {
  n: number;
  path: string;
  /** Note page slug, when the path is a published note. */
  slug: string | undefined;
  title: string;
  description: string;
  tags: string[];
  /** Team-shared: `project: pay, scope: repo`. */
  owner: string | undefined;
  hint: string | undefined;
}

/** A hit's bracketed label as `kb query` prints it: `[pay, tags: api, ops]` for team-shared, else `[api, ops]`. */
export function hitAnnotation(hit: Pick<HitView, 'owner' | 'tags'>, words: QueryViewWords = englishQueryWords()): string {
  const tags = hit.tags.join(', ');
  if (hit.owner) return tags ? words.t('queryView.ownerTags', { owner: hit.owner, tags }) : `[${hit.owner}]`;
  return tags ? `[${tags}]` : '';
}

/** A known tag's aliases as `kb query` lists them after the tag: ` (k8s, kube …)`, or nothing. */
export function knownTagAliases(aliases: readonly string[]): string {
  return aliases.length ? ` (${aliases.slice(0, 2).join(', ')}${aliases.length > 2 ? ' …' : ''})` : '';
}

export interface ArtifactView {
  n: number;
  path: string;
  project: string;
  kind: 'CODEMAP' | 'STITCH';
  /** `(not found — run /codemap create)`, or the age and `fresh` / `[STALE — run /codemap update]`. */
  state: string;
  stale: boolean;
  /** For ages recomputed in the browser: the file's day, threshold and remediation. */
  age: AgeSource | undefined;
}

export interface IdeaView {
  date: string;
  type: string;
  description: string;
  stale: boolean;
  /** `(3 days ago)` and the stale marker, recomputed in the browser from `age`. */
  ageString: string;
  marker: string;
  age: AgeSource | undefined;
}

/** The inputs of the staleness-marker block, so a page can redo it with the reader's date. */
export interface AgeSource {
  date: string;
  threshold: number;
  remediation: string;
}

const GROUP_HEADINGS: [QueryCategory, 'queryView.teamShared' | 'queryView.projectSpecific' | 'queryView.crossProject'][] = [
  ['team-shared', 'queryView.teamShared'],
  ['project-specific', 'queryView.projectSpecific'],
  ['cross-project', 'queryView.crossProject'],
];

/**
 * `noteOf` gives a hit's page and title; it may also give the real path and description when the result
 * came from the island's compact index (whose paths are sort keys). `limit` keeps the first hits of the
 * numbered list, so a long result renders (and fetches cards) only for the rows a reader sees first.
 */
export function buildQueryView(
  r: QueryResult,
  index: Pick<KbIndex, 'artifacts' | 'staleness'>,
  noteOf: (path: string) => { slug: string; title: string; path?: string; description?: string } | undefined,
  today: string,
  limit = Infinity,
  words: QueryViewWords = englishQueryWords(),
): QueryView {
  const { t } = words;
  const files = (count: number) => t('queryView.files', { count });
  const notices = [
    ...r.resolved.map((x) => t('queryView.resolved', { from: x.from, to: x.to })),
    ...r.expanded.map((e) => t('queryView.expanded', { project: e.project, tags: e.tags.join(', ') })),
  ];
  const tagList = `[${r.tags.join(', ')}]`;
  const summary = r.usage
    ? ''
    : r.results.length
      ? t('queryView.found', { files: files(r.results.length), tags: tagList, mode: r.mode })
      : t('queryView.noMatch', { tags: tagList });
  const present = GROUP_HEADINGS.map(([category, key]) => ({ category, heading: t(key), hits: r.results.filter((h) => h.category === category) })).filter(
    (g) => g.hits.length,
  );
  const groups = present.map((g) => ({
    category: g.category,
    // With one group the categories tell nothing: the flat list, as the CLI prints it.
    heading: present.length > 1 ? t('queryView.group', { heading: g.heading, files: files(g.hits.length) }) : undefined,
    hits: g.hits
      .filter((h) => h.n <= limit)
      .map((h): HitView => {
        const note = noteOf(h.path);
        const path = note?.path ?? h.path;
        return {
          n: h.n,
          path,
          slug: note?.slug,
          title: note?.title ?? path,
          description: note?.description ?? h.description,
          tags: h.tags,
          owner: h.category === 'team-shared' ? t('queryView.owner', { project: String(h.project), scope: String(h.scope) }) : undefined,
          hint: h.hint,
        };
      }),
  }));
  const artifacts = r.artifacts.map((a): ArtifactView => {
    const mtime = index.artifacts.find((x) => x.project === a.project && x.kind === a.kind)?.mtime;
    const threshold = a.kind === 'CODEMAP' ? index.staleness.codemap : index.staleness.stitch;
    const remediation = t('ages.run', { command: a.kind === 'CODEMAP' ? '/codemap update' : `/stitch verify ${a.project}` });
    const age = a.exists && mtime ? { date: mtime, threshold, remediation } : undefined;
    return {
      n: a.n,
      path: a.path,
      project: a.project,
      kind: a.kind,
      state: artifactState(a.kind, a.project, a.exists, age, today, words),
      stale: a.stale ?? false,
      age,
    };
  });
  const ideaGroups = [...new Set(r.ideas.map((i) => i.project))].map((project) => {
    const ideas = r.ideas.filter((i) => i.project === project);
    return {
      heading: t('queryView.ideas', { project, count: ideas.length }),
      ideas: ideas.map((i): IdeaView => {
        const age = i.date === 'undated' ? undefined : { date: i.date, threshold: index.staleness.ideas, remediation: t('ages.stillRelevant') };
        const s = age ? staleness(age.date, today, age.threshold, age.remediation, words) : undefined;
        return { date: i.date, type: i.type, description: i.description, stale: i.stale, ageString: s?.ageString ?? '', marker: s?.marker ?? '', age };
      }),
    };
  });
  return {
    notices,
    summary,
    groups: groups.filter((g) => g.hits.length),
    total: r.results.length,
    shown: Math.min(r.results.length, limit),
    emptyNotes: r.emptyProjects.map((key) => t('queryView.emptyProject', { key })),
    knownTags: r.knownTags,
    artifacts,
    ideaGroups,
    notes: r.notes,
    usage: r.usage,
  };
}

/** An artifact's state as `kb query` words it (in `words`' language); `today` is the build's or the reader's date. */
export function artifactState(
  kind: 'CODEMAP' | 'STITCH',
  project: string,
  exists: boolean,
  age: AgeSource | undefined,
  today: string,
  words: QueryViewWords = englishQueryWords(),
): string {
  const remedy = kind === 'CODEMAP' ? 'codemap' : 'stitch';
  if (exists && !age) return words.t('ages.fresh');
  if (!age) return words.t('ages.notFound', { command: `/${remedy} create${kind === 'STITCH' ? ` ${project}` : ''}` });
  const s = staleness(age.date, today, age.threshold, age.remediation, words);
  return `${s.ageString}${s.stale ? s.marker : words.t('ages.freshAfter')}`;
}
