import { z } from 'zod';

/** Bump when a field changes meaning; readers refuse other versions. */
export const KB_INDEX_VERSION = 3;

const tier = z.enum(['cross-project', 'project', 'reviews', 'team-shared']);
const status = z.enum(['active', 'deprecated', 'superseded', 'draft']);

/** One indexed note. Optional fields are absent, never null. */
export const noteEntrySchema = z.object({
  /** Path relative to the knowledge folder, `/`-separated (team-shared notes may start with `../`). */
  path: z.string(),
  /** URL segment under /notes/, unique, lower-case. */
  slug: z.string(),
  title: z.string(),
  /** Frontmatter description, else first `#` heading, else the title. */
  description: z.string(),
  /** Normalised tags (path-derived project key included). */
  tags: z.array(z.string()),
  /** `semantic-hints` phrases as written. */
  hints: z.array(z.string()),
  category: z.string().optional(),
  type: z.string().optional(),
  status,
  supersededBy: z.string().optional(),
  /** Project key: frontmatter `project`, the `projects/<key>/` folder, or the team-shared owner (`cross`). */
  project: z.string().optional(),
  /** Team-shared scope: `repo` or `cross`; else frontmatter `scope`. */
  scope: z.string().optional(),
  repo: z.string().optional(),
  tier,
  date: z.string().optional(),
  updated: z.string().optional(),
  /** Last-modified day of the file (`YYYY-MM-DD`). */
  mtime: z.string(),
  /** o200k_base tokens of the whole file. */
  tokens: z.number().int().nonnegative(),
  /** Line of the file the body starts on (1 without frontmatter), so a body line is reported as a file line. */
  bodyLine: z.number().int().min(1),
  headings: z.array(z.string()),
  wikilinks: z.array(z.string()),
  /** Warnings recorded while reading it (file:line messages). */
  warnings: z.array(z.string()),
  /** Source extension. */
  format: z.enum(['md', 'mdx']),
  /** The language it is written in (BCP 47, normalised): its frontmatter `lang:`, else the folder's `locale`. */
  lang: z.string(),
});

export const ideaSchema = z.object({
  path: z.string(),
  date: z.string().optional(),
  type: z.string(),
  projects: z.array(z.string()),
  description: z.string(),
});

export const artifactSchema = z.object({
  project: z.string(),
  kind: z.enum(['CODEMAP', 'STITCH']),
  /** Relative to the knowledge folder. */
  path: z.string(),
  exists: z.boolean(),
  /** Last-modified day, when it exists. */
  mtime: z.string().optional(),
});

export const projectEntrySchema = z.object({
  key: z.string(),
  name: z.string(),
  /** Relevant tags for union-mode expansion. */
  tags: z.array(z.string()),
  /** Code repo root relative to the knowledge folder. */
  root: z.string().optional(),
  shared: z.boolean(),
  /** Multi-repo group (has a STITCH path). */
  group: z.boolean(),
  /** Notes under `projects/<key>/`. */
  noteCount: z.number().int().nonnegative(),
});

export const reportEntrySchema = z.object({
  path: z.string(),
  outcome: z.enum(['indexed', 'warned', 'excluded', 'idea', 'unpublished']),
  rule: z.string().optional(),
  messages: z.array(z.string()).optional(),
});

export const kbIndexSchema = z.object({
  version: z.literal(KB_INDEX_VERSION),
  title: z.string(),
  description: z.string().optional(),
  layout: z.enum(['aria', 'flat']),
  /** The folder's language (config `site.locale`, BCP 47, normalised): a note's unless it says, a task's unless asked. */
  locale: z.string(),
  /** Team-shared knowledge is on (some project has `shared: true`). */
  sharing: z.boolean(),
  /** Days before ideas, CODEMAP, STITCH and (when configured) notes are stale. */
  staleness: z.object({ ideas: z.number(), codemap: z.number(), stitch: z.number(), notes: z.number().optional() }),
  /** kb search scope prefix ('' = every note). */
  searchScope: z.string(),
  /** Canonical vocabulary with each canonical's aliases. */
  knownTags: z.array(z.object({ tag: z.string(), aliases: z.array(z.string()) })),
  /** Tags used by notes but outside the vocabulary. */
  otherTags: z.array(z.string()),
  /** alias → canonical. */
  aliases: z.record(z.string(), z.string()),
  projects: z.array(projectEntrySchema),
  notes: z.array(noteEntrySchema),
  ideas: z.array(ideaSchema),
  /** `intake/ideas/` exists. */
  ideasFolder: z.boolean(),
  /** Legacy `intake/ideas-backlog.md` exists. */
  legacyIdeasBacklog: z.boolean(),
  artifacts: z.array(artifactSchema),
  /** Folder → bucket overrides from config. */
  buckets: z.record(z.string(), z.string()),
  /** Tasks to prerender as packs (config `packs:`), as written. */
  packs: z.array(
    z.object({
      slug: z.string().optional(),
      task: z.string(),
      repo: z.string().optional(),
      project: z.string().optional(),
      include: z.array(z.string()).optional(),
      maxTokens: z.number().optional(),
    }),
  ),
  /** Codebases registered for discovery (config `repos:`), paths relative to the knowledge folder. */
  repos: z.array(z.object({ path: z.string(), alias: z.string(), include: z.array(z.string()), exclude: z.array(z.string()) })),
});

export type NoteEntry = z.infer<typeof noteEntrySchema>;
export type Idea = z.infer<typeof ideaSchema>;
export type Artifact = z.infer<typeof artifactSchema>;
export type ProjectEntry = z.infer<typeof projectEntrySchema>;
export type ReportEntry = z.infer<typeof reportEntrySchema>;
export type KbIndex = z.infer<typeof kbIndexSchema>;

/** Validate an index read from disk or fetched by the island. */
export function loadKbIndex(json: unknown): KbIndex {
  const parsed = kbIndexSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`kb-index.json is not a version ${KB_INDEX_VERSION} index (${first?.path.join('.')}: ${first?.message}); rebuild it with \`kb index\`.`);
  }
  return parsed.data;
}
