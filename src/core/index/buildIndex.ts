import type { KbConfig } from '../config/kbConfigSchema.js';
import type { AliasEntry } from '../aliases/parseAliasesMd.js';
import type { IndexMdFacts } from '../aria/parseIndexMd.js';
import type { Layout, NoteTier } from '../classify/classifyPath.js';
import type { ScannedLink } from '../links/scanLinks.js';
import { readSourceFrontmatter } from '../model/readSourceFrontmatter.js';
import { readBody, type BodyFacts } from '../model/readBody.js';
import { readTaxonomy, type TaxonomyFields } from '../model/readTaxonomy.js';
import type { Frontmatter } from '../model/frontmatterSchema.js';
import { countTokens } from '../tokens/countTokens.js';
import { assignNoteSlugs, type SlugSource } from './assignNoteSlugs.js';
import { perNote } from '../util/perNote.js';
import { compareStrings, sortedUnique } from '../util/compare.js';
import { toIsoDate } from '../util/isoDate.js';
import type { KbIssue } from '../util/issue.js';
import { resolveAliases } from '../aliases/resolveAliases.js';
import { canonicalLocale, LOCALE_EXAMPLES } from '../text/languageTag.js';
import { KB_INDEX_VERSION, type Artifact, type Idea, type KbIndex, type NoteEntry } from './kbIndexSchema.js';

/** One file as the node adapter hands it over: parsed frontmatter (or the YAML error), body, mtime. */
export interface SourceFile {
  /** Relative to the knowledge folder, `/`-separated. */
  path: string;
  /** gray-matter's data, or undefined when the YAML did not parse. */
  data: unknown;
  /** Raw frontmatter text, for the line-based reading when the YAML failed. */
  frontmatterText?: string | undefined;
  yamlError?: { message: string; line?: number } | undefined;
  body: string;
  /** Line of the file the body starts on (1 when there is no frontmatter; assumed 1 when absent). */
  bodyLine?: number | undefined;
  /** Milliseconds since the epoch. */
  mtime: number;
  /** Problems the adapter met reading the bytes (not UTF-8, a credential redacted), with the line when there is one. */
  readWarnings?: { code: string; message: string; line?: number }[];
  /** What the adapter already derived from this file (possibly from its cache); computed here when absent. */
  facts?: SourceFacts | undefined;
}

/** Per-file readings that depend on the file's text alone: exactly what the functions named here return. */
export interface SourceFacts {
  /** `readSourceFrontmatter(src)`. */
  frontmatter: Frontmatter;
  /** `readBody(src.body)`. */
  body: BodyFacts;
  /** `countTokens(src.body)`; counted here when absent. */
  tokens?: number | undefined;
  /** `scanLinks(src.body)`, when the adapter was asked for it; the index never reads it (the site's link readers do). */
  links?: ScannedLink[] | undefined;
}

export interface NoteSource extends SourceFile {
  tier: NoteTier;
  projectKey?: string;
  /** Team-shared: owning project key or `cross`, and scope. */
  shared?: { project: string; scope: 'repo' | 'cross' };
}

export interface IndexInput {
  config: KbConfig;
  layout: Layout;
  notes: NoteSource[];
  ideas: SourceFile[];
  /** Aliases from aliases.md and the config (as entries, so errors can name them). */
  aliases: AliasEntry[];
  indexMd?: IndexMdFacts;
  artifacts: Artifact[];
  ideasFolder: boolean;
  legacyIdeasBacklog: boolean;
  /** Project key → code root relative to the knowledge folder. */
  projectRoots: Record<string, string>;
  searchScope: string;
  /** Registered codebases, with paths relative to the knowledge folder and the alias resolved. */
  repos: { path: string; alias: string; include: string[]; exclude: string[] }[];
  /** Whether inline `#tags` count (config `inlineTags`, resolved by the adapter); default: the config's, else off. */
  inlineTags?: boolean;
}

export interface IndexResult {
  index: KbIndex;
  /** Full text of each note, by path (the site and packs read bodies from here). */
  bodies: Map<string, string>;
  issues: KbIssue[];
}

/** Build the one typed model everything else reads. Never throws on a bad note; alias errors are issues. */
export function buildIndex(input: IndexInput): IndexResult {
  const issues: KbIssue[] = [];
  const bodies = new Map<string, string>();
  const sources = [...input.notes].sort((a, b) => compareStrings(a.path, b.path));
  const slugs = assignNoteSlugs(sources.map(slugSource), issues);
  const fields: TaxonomyFields = {
    tagFields: input.config.tagFields,
    categoryFields: input.config.categoryFields,
    inlineTags: input.inlineTags ?? input.config.inlineTags ?? false,
  };
  // A note the reading cannot handle is indexed by its path alone (no frontmatter, no facts), with a warning.
  const notes: NoteEntry[] = sources.map((src) => {
    const slug = slugs.get(src.path)!;
    const bare = (): NoteSource => ({ ...src, data: {}, frontmatterText: undefined, yamlError: undefined, body: '', facts: undefined, readWarnings: [] });
    const note = perNote(
      src.path,
      'reading the note for the index',
      () => readNote(src, slug, fields, input.config.site.locale, issues),
      () => readNote(bare(), slug, fields, input.config.site.locale, []),
      (issue) => issues.push(issue),
    );
    bodies.set(src.path, src.body);
    return note;
  });

  const projects = buildProjects(input, notes);
  const declared = new Map<string, string[]>();
  for (const n of notes)
    for (const t of n.tags) {
      const paths = declared.get(t);
      if (paths) paths.push(n.path);
      else declared.set(t, [n.path]);
    }
  const aliasMap = resolveAliases(input.aliases, declared, issues);

  const known = new Set<string>([...input.config.knownTags, ...(input.indexMd?.knownTags ?? []), ...Object.values(aliasMap)]);
  for (const p of projects) {
    known.add(p.key);
    for (const t of p.tags) known.add(t);
  }
  const knownTags = sortedUnique(known).map((tag) => ({
    tag,
    aliases: Object.keys(aliasMap)
      .filter((a) => aliasMap[a] === tag)
      .sort(compareStrings),
  }));
  const otherTags = sortedUnique(notes.flatMap((n) => n.tags)).filter((t) => !known.has(t));

  const index: KbIndex = {
    version: KB_INDEX_VERSION,
    title: input.config.title,
    ...(input.config.description ? { description: input.config.description } : {}),
    layout: input.layout,
    locale: input.config.site.locale,
    sharing: projects.some((p) => p.shared),
    staleness: input.config.staleness,
    searchScope: input.searchScope,
    knownTags,
    otherTags,
    aliases: Object.fromEntries(Object.entries(aliasMap).sort(([a], [b]) => compareStrings(a, b))),
    projects,
    notes,
    ideas: input.ideas.map((src) => readIdea(src, issues)).sort((a, b) => compareStrings(a.date ?? '', b.date ?? '') || compareStrings(a.path, b.path)),
    ideasFolder: input.ideasFolder,
    legacyIdeasBacklog: input.legacyIdeasBacklog,
    artifacts: [...input.artifacts].sort((a, b) => compareStrings(a.project, b.project) || compareStrings(a.kind, b.kind)),
    buckets: input.config.buckets,
    packs: input.config.packs,
    repos: input.repos,
  };
  return { index, bodies, issues };
}

/** A note's `permalink:` (read without recording issues: readNote reports the frontmatter's own) and its line. */
function slugSource(src: NoteSource): SlugSource {
  const permalink = (src.facts?.frontmatter ?? readSourceFrontmatter(src)).extra['permalink'];
  if (permalink === undefined) return { path: src.path };
  const at = (src.frontmatterText ?? '').split('\n').findIndex((l) => /^permalink\s*:/.test(l));
  return { path: src.path, permalink, line: at >= 0 ? at + 2 : undefined };
}

function readFrontmatterOf(src: SourceFile, issues: KbIssue[]) {
  for (const w of src.readWarnings ?? [])
    issues.push({ severity: 'warning', code: w.code, file: src.path, ...(w.line ? { line: w.line } : {}), message: w.message });
  if (src.yamlError) {
    issues.push({
      severity: 'warning',
      code: 'yaml-invalid',
      file: src.path,
      ...(src.yamlError.line ? { line: src.yamlError.line } : {}),
      message: `frontmatter is not valid YAML (${src.yamlError.message}); read line by line instead. Quote the value (e.g. \`key: "[#3883]"\`) to fix it.`,
    });
    return src.facts?.frontmatter ?? readSourceFrontmatter(src);
  }
  if (src.data !== undefined && src.data !== null && (typeof src.data !== 'object' || Array.isArray(src.data))) {
    issues.push({
      severity: 'warning',
      code: 'frontmatter-not-mapping',
      file: src.path,
      line: 1,
      message: 'frontmatter is not a set of `key: value` pairs; it was ignored. Write it as a YAML mapping.',
    });
  }
  return src.facts?.frontmatter ?? readSourceFrontmatter(src);
}

/** A note's `lang:`, normalised; the folder's locale when it has none, or (with a warning on its line) one that is no language tag. */
function noteLang(src: NoteSource, written: string | undefined, locale: string, issues: KbIssue[]): string {
  if (written === undefined) return locale;
  const lang = canonicalLocale(written);
  if (lang !== undefined) return lang;
  const at = (src.frontmatterText ?? '').split('\n').findIndex((l) => /^lang\s*:/.test(l));
  issues.push({
    severity: 'warning',
    code: 'lang-invalid',
    file: src.path,
    ...(at >= 0 ? { line: at + 2 } : {}),
    message: `lang: "${written}" is not ${LOCALE_EXAMPLES}; the note is read as ${locale} (site.locale).`,
  });
  return locale;
}

/** Tags one note may give (each tag has a page and a place in every list): a note past it keeps its first ones. */
export const MAX_NOTE_TAGS = 500;

/** A note's first MAX_NOTE_TAGS tags, as written, with a warning naming it (20,000 tags would be 20,000 pages). */
function tooManyTags(src: NoteSource, tags: readonly string[], issues: KbIssue[]): string[] {
  issues.push({
    severity: 'warning',
    code: 'too-many-tags',
    file: src.path,
    message: `has ${tags.length} tags; the first ${MAX_NOTE_TAGS} are kept (each tag is a page of the site). Split the note, or move the words into its text.`,
  });
  return tags.slice(0, MAX_NOTE_TAGS);
}

function readNote(src: NoteSource, slug: string, fields: TaxonomyFields, locale: string, issues: KbIssue[]): NoteEntry {
  const before = issues.length;
  const fm = readFrontmatterOf(src, issues);
  const lang = noteLang(src, fm.lang, locale, issues);
  const body = src.facts?.body ?? readBody(src.body);
  const fileName = src.path
    .split('/')
    .pop()!
    .replace(/\.mdx?$/i, '');
  const title = fm.title ?? body.firstH1 ?? fileName;
  const taxonomy = readTaxonomy(fm, body, fields);
  const tags = new Set(taxonomy.tags.length > MAX_NOTE_TAGS ? tooManyTags(src, taxonomy.tags, issues) : taxonomy.tags);
  if (src.projectKey) tags.add(src.projectKey);
  const project = src.shared?.project ?? src.projectKey ?? fm.project;
  const scope = src.shared?.scope ?? fm.scope;
  const note: NoteEntry = {
    path: src.path,
    slug,
    title,
    description: fm.description ?? body.firstH1 ?? title,
    tags: [...tags].sort(compareStrings),
    hints: fm.hints,
    status: fm.status,
    tier: src.tier,
    mtime: toIsoDate(src.mtime) ?? '1970-01-01',
    tokens: src.facts?.tokens ?? countTokens(src.body),
    bodyLine: src.bodyLine ?? 1,
    headings: body.headings,
    wikilinks: body.wikilinks,
    warnings: [],
    format: /\.mdx$/i.test(src.path) ? 'mdx' : 'md',
    lang,
  };
  const optional = {
    category: taxonomy.category,
    type: fm.type ?? fm.kind,
    supersededBy: fm.supersededBy,
    project,
    scope,
    repo: fm.repo,
    date: fm.date,
    updated: fm.updated,
  };
  for (const [k, v] of Object.entries(optional)) if (v !== undefined) (note as Record<string, unknown>)[k] = v;
  note.warnings = issues.slice(before).map((i) => (i.line ? `line ${i.line}: ${i.message}` : i.message));
  return note;
}

function readIdea(src: SourceFile, issues: KbIssue[]): Idea {
  const fm = readFrontmatterOf(src, issues);
  const body = src.facts?.body ?? readBody(src.body);
  const fileName = src.path.split('/').pop()!;
  const firstLine = src.body
    .split(/\r?\n/)
    .map((l) => l.replace(/^#+\s*/, '').trim())
    .find((l) => l !== '');
  const date = fm.date ?? toIsoDate(fileName.slice(0, 10));
  return {
    path: src.path,
    ...(date ? { date } : {}),
    type: fm.type ?? fm.kind ?? 'idea',
    projects: (fm.project ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    description: fm.description ?? fm.title ?? body.firstH1 ?? firstLine ?? fileName,
  };
}

function buildProjects(input: IndexInput, notes: NoteEntry[]) {
  const keys = sortedUnique([...Object.keys(input.config.projects), ...Object.keys(input.indexMd?.projects ?? {})]);
  return keys.map((key) => {
    const cfg = input.config.projects[key];
    const md = input.indexMd?.projects[key];
    const root = input.projectRoots[key];
    return {
      key,
      name: cfg?.name ?? md?.name ?? key,
      tags: sortedUnique([...(cfg?.tags ?? []), ...(md?.tags ?? [])]).filter((t) => t !== key),
      ...(root !== undefined ? { root } : {}),
      shared: cfg?.shared ?? false,
      group: cfg?.stitch !== undefined,
      noteCount: notes.filter((n) => n.tier === 'project' && n.path.startsWith(`projects/${key}/`)).length,
    };
  });
}
