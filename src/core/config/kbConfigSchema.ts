import { z } from 'zod';
import { BUCKETS } from '../context/bucketOf.js';
import { graphConfigSchema } from '../graph/graphConfigSchema.js';
import { normaliseTag, normaliseTagList } from '../tags/normaliseTag.js';
import { canonicalLocale, LOCALE_EXAMPLES } from '../text/languageTag.js';

const tagList = z.union([z.array(z.union([z.string(), z.number()])), z.string()]).transform(normaliseTagList);
const tagKey = z.string().transform((s, ctx) => {
  const tag = normaliseTag(s);
  if (!tag) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `"${s}" is not a usable tag` });
  return tag ?? '';
});

/** One project of the team. */
export const projectConfigSchema = z
  .object({
    /** Display name; default: the key. */
    name: z.string().optional(),
    /** Relevant tags added to a union query for the key (docs/query-and-search.md, Project keys). Default: none. */
    tags: tagList.default([]),
    /** The project's code repo, relative to the config file. Default: none (no artifacts, no team-shared). */
    path: z.string().optional(),
    /** Read `<path>/_project-knowledge/` as team-shared knowledge. Default: false. */
    shared: z.boolean().default(false),
    /** STITCH.md location, relative to the config file; marks the project as a multi-repo group. */
    stitch: z.string().optional(),
  })
  .strict();

/** A codebase registered for discovery (docs/cli.md § "kb discover"). */
export const repoConfigSchema = z
  .object({
    /** Folder, relative to the config file or absolute. Required. */
    path: z.string().min(1),
    /** Short name for `kb discover <alias>`; default: the folder's base name. */
    alias: z.string().optional(),
    /** Only files matching one of these globs are considered. Default: all. */
    include: z.array(z.string()).default([]),
    /** Files matching these globs are removed, even when included. Default: none. */
    exclude: z.array(z.string()).default([]),
  })
  .strict();

/** A frontmatter key name, as written (`tags`, `topics`, `section`). */
const fieldName = z.string().trim().min(1, 'a frontmatter key cannot be empty');

/** `/regex/flags` (^/(.*)/([a-z]*)$: a slash, the pattern, a slash, flags) must compile; anything else is literal text. */
const allowEntry = z
  .string()
  .min(1, 'an empty entry would allow nothing; remove it')
  .superRefine((entry, ctx) => {
    const m = /^\/(.*)\/([a-z]*)$/s.exec(entry);
    if (!m) return;
    try {
      new RegExp(m[1]!, m[2]!);
    } catch (err) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `${entry} is not a valid regular expression (${(err as Error).message}); write it as /pattern/flags, or without slashes for literal text`,
      });
    }
  });

/** A BCP 47 language tag, normalised (`zh-cn` → `zh-CN`); a tag that is not one is refused with an example of one that is. */
export const localeTag = z.string().transform((tag, ctx) => {
  const locale = canonicalLocale(tag);
  if (locale === undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `"${tag}" is not ${LOCALE_EXAMPLES}` });
  return locale ?? 'en';
});

/** A task prerendered as a pack at build time. */
export const packConfigSchema = z
  .object({
    /** URL and file name; default: derived from the task. */
    slug: z.string().optional(),
    task: z.string().min(1),
    repo: z.string().optional(),
    project: z.string().optional(),
    /** Buckets; default decisions, lessons, patterns. */
    include: z.array(z.string()).optional(),
    /** Default 6000, hard cap 12000. */
    maxTokens: z.number().int().positive().optional(),
  })
  .strict();

/**
 * A URL the site publishes (on every page, in its feeds): no user name or password in it, which would be a
 * credential published with the site (e.g. a token in an edit URL copied from a clone's remote).
 */
export const publishedUrl = (what: string) =>
  z
    .string()
    .url()
    .refine(...withoutCredentials(what));

/** The refinement of a published URL: no user name or password, with the message that says so. */
function withoutCredentials(what: string): [(u: string) => boolean, string] {
  return [(u) => !hasUserInfo(u), `holds a user name or password (https://user:…@host/); ${what} is published on every page: write the URL without them`];
}

function hasUserInfo(url: string): boolean {
  try {
    const u = new URL(url);
    return u.username !== '' || u.password !== '';
  } catch {
    return false; // not a URL: the string schema says so
  }
}

/** `kb.config.yaml`: every key optional. */
export const kbConfigSchema = z
  .object({
    /** Site title; default "Knowledge base". */
    title: z.string().default('Knowledge base'),
    /** One-line summary used in llms.txt and the home page. */
    description: z.string().optional(),
    site: z
      .object({
        /** Public origin, e.g. https://team.example.com; default none (relative links only). */
        url: publishedUrl('the site URL').optional(),
        /** Sub-path the site is served under, e.g. `/wiki/`; default `/`. */
        base: z.string().default('/'),
        /**
         * Where a note is edited: each note page links "Edit this note" to its path (relative to the knowledge
         * folder) resolved against this URL, e.g. `https://github.com/org/kb/edit/main/`. Default: none (no link).
         */
        editUrl: publishedUrl('the edit URL').optional(),
        /**
         * Publish each note's Markdown as `/notes/<slug>.md` beside its page (the llms.txt convention; llms.txt links
         * them). Default true; false saves one file per note (llms.txt then links the pages and the full text).
         */
        rawMarkdown: z.boolean().default(true),
        /**
         * The preview image of every page (`og:image`) unless the note names its own (`image:` or `cover:`) or shows one:
         * an `https://` URL, or a path of an image in the knowledge folder (published with the site). Default: none.
         */
        image: z
          .string()
          .trim()
          .min(1)
          .refine(...withoutCredentials('the image URL'))
          .optional(),
        /**
         * An internal portal search engines must not list: `robots.txt` disallows everything and every page carries
         * `<meta name="robots" content="noindex">`. Default false.
         */
        noindex: z.boolean().default(false),
        /**
         * The language the team writes in and reads the portal in, as a BCP 47 tag (`de`, `fr`, `ja`, `zh-CN`, `pt-BR`,
         * `ar`, …), normalised (`zh-cn` → `zh-CN`). Notes are written in it unless their `lang:` says otherwise, and a
         * task (kb search, kb context, MCP) is read in it unless `--lang` says otherwise. Default `en`.
         */
        locale: localeTag.default('en'),
      })
      .strict()
      .default({}),
    /** `aria` or `flat`; default: detected from the folder. */
    layout: z.enum(['aria', 'flat']).optional(),
    /** Extra globs to index (relative to the knowledge folder). Default: none. */
    include: z.array(z.string()).default([]),
    /** Globs never indexed. Default: none. */
    exclude: z.array(z.string()).default([]),
    /** Globs indexed for checks but never published. Default: none. */
    private: z.array(z.string()).default([]),
    /** Canonical tag vocabulary, added to tags from aliases, projects and index.md. Default: none. */
    knownTags: tagList.default([]),
    /** Project key → project. Default: none. */
    projects: z.record(tagKey, projectConfigSchema).default({}),
    /** Staleness thresholds in days. */
    staleness: z
      .object({
        ideas: z.number().int().nonnegative().default(7),
        codemap: z.number().int().nonnegative().default(14),
        stitch: z.number().int().nonnegative().default(30),
        /**
         * Days after a note's `updated` (else `date`) day that it counts as stale on the knowledge health page and in
         * `kb review`. Default: 365 (src/core/health/noteHealth.ts); absent from the index unless set.
         */
        notes: z.number().int().nonnegative().optional(),
      })
      .strict()
      .default({}),
    /** alias → canonical. Default: none (aliases.md is read too). */
    aliases: z.record(tagKey, tagKey).default({}),
    /** Codebases for discovery. Default: none. */
    repos: z.array(repoConfigSchema).default([]),
    /** Tasks to prerender as packs. Default: none. */
    packs: z.array(packConfigSchema).default([]),
    /** kb search scope folder; default `project/learnings/` when present, else all notes. */
    search: z.object({ scope: z.string().optional() }).strict().default({}),
    /** folder (relative) → bucket, overriding the built-in folder rules. */
    buckets: z.record(z.string(), z.enum(BUCKETS)).default({}),
    /**
     * Frontmatter keys whose values are a note's tags (lists, comma-separated text or `[[wikilinks]]`, which
     * are unwrapped: Obsidian's `topics: ["[[topic map]]"]` tags the note `topic-map`).
     * Default: `[tags, tag, topics]`.
     */
    tagFields: z.array(fieldName).min(1).default(['tags', 'tag', 'topics']),
    /**
     * Obsidian inline tags: `#tag` and `#nested/tag` in a note's text (not in code, not `#123`) are tags too.
     * Default: on in an Obsidian vault (the folder has `.obsidian/`), off elsewhere, where `#channel` is a chat room.
     */
    inlineTags: z.boolean().optional(),
    /** Frontmatter keys read, in order, for a note's category; the first one present wins. Default: `[category, section]`. */
    categoryFields: z.array(fieldName).min(1).default(['category', 'section']),
    /** The local graph on note pages and the global graph page (docs/graph-canvas-bases.md). Default: on, depth 1, no tags. */
    graph: graphConfigSchema,
    /** The properties panel of each note page: its frontmatter, typed (see docs/site-reading.md). */
    properties: z
      .object({
        /**
         * Frontmatter keys never shown in the panel (compared case-insensitively). Default: `title`, the tag keys
         * `tags` and `tag` (the page shows both already), `permalink`, `publish` and `cssclasses`.
         */
        hidden: z.array(fieldName).default(['title', 'tags', 'tag', 'permalink', 'publish', 'cssclasses']),
        /** Keys shown first, in this order (case-insensitive); the others follow as the note writes them. Default: none. */
        order: z.array(fieldName).default([]),
      })
      .strict()
      .default({}),
    /** Credentials found in notes are redacted from every published output (see README, Secrets). */
    secrets: z
      .object({
        /**
         * Findings to leave as written: `/regex/flags` tested against the flagged text, or literal text that
         * covers it or lies inside it (a known test password, a documented example URL). Default: none.
         */
        allow: z.array(allowEntry).default([]),
      })
      .strict()
      .default({}),
  })
  .strict();

export type KbConfigInput = z.input<typeof kbConfigSchema>;
export type KbConfig = z.output<typeof kbConfigSchema>;
export type ProjectConfig = z.output<typeof projectConfigSchema>;
export type RepoConfig = z.output<typeof repoConfigSchema>;
export type PackConfig = z.output<typeof packConfigSchema>;

/**
 * Turn zod's issues into messages that name the key, and its line when `lineOf` finds it, e.g.
 * `kb.config.yaml:4: site.locale: …` or `kb.config.yaml: projects.ss.tags: …`.
 */
export function describeConfigError(file: string, error: z.ZodError, lineOf?: (path: readonly (string | number)[]) => number | undefined): string[] {
  return error.issues.map((i) => {
    // An unknown key is on the line of its own name, not of the mapping holding it.
    const at = i.code === z.ZodIssueCode.unrecognized_keys ? [...i.path, i.keys[0]!] : i.path;
    const line = at.length > 0 ? lineOf?.(at) : undefined;
    return `${file}${line === undefined ? '' : `:${line}`}: ${i.path.join('.') || '(root)'}: ${i.message}`;
  });
}
