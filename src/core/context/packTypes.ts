import { z } from 'zod';
import { defineOptions } from '../options/defineOptions.js';
import { todayField } from '../options/todayField.js';
import { LANG_TOOL } from '../search/searchOptions.js';
import { canonicalLocale, LOCALE_EXAMPLES } from '../text/languageTag.js';
import { BUCKETS, DEFAULT_INCLUDE, type Bucket } from './bucketOf.js';
import type { MessageKey } from '../i18n/locales/en.js';

export const DEFAULT_MAX_TOKENS = 6000;
export const MAX_TOKENS_CAP = 12000;
/** Below this a pack cannot hold its own section headings; smaller requests are raised to it. */
export const MIN_TOKENS = 300;

/** Text that is none when empty (an empty repo or project is no repo or project). */
const noneWhenEmpty = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** Words, trimmed; empty ones dropped, and none when none is left. */
const wordList = z
  .array(z.string())
  .optional()
  .transform((words) => {
    const kept = words?.map((w) => w.trim()).filter(Boolean);
    return kept?.length ? kept : undefined;
  });

/** The query page's pack form, the `kb context` flags and the MCP `context` tool leave no field out but these. */
/** The buckets' words on the pack form, in the site's language. */
const BUCKET_LABELS: Record<(typeof BUCKETS)[number], MessageKey> = {
  decisions: 'query.bucket.decisions',
  lessons: 'query.bucket.lessons',
  patterns: 'query.bucket.patterns',
  pitfalls: 'query.bucket.pitfalls',
};

const NOT_A_FORM_FIELD = 'a page pack names its note in the request its page writes (PagePack.astro), not in a form';

/**
 * A pack request's options, declared once (defineOptions.ts): `kb context`'s flags, help and usage, the MCP
 * `context` tool's input, the query page's pack form and the command a page shows for its pack are derived from
 * them. To add an option, add a field here (CONTRIBUTING.md, "Adding a pack option").
 */
export const packOptions = defineOptions({
  /** Free text; required unless `note` is given. Default: '' (none). */
  task: {
    schema: z.string().trim().default(''),
    kind: 'text',
    flag: { value: '"…"', help: 'what you are about to do (required unless --note; the words after the flags work too)', rest: true },
    tool: 'The task in a sentence, e.g. "Add cursor pagination to the refunds endpoint". Required unless note is given.',
    form: { label: 'query.task', control: 'textarea' },
  },
  /** A note's path as the index names it: a page pack, seeded by that note (pageSeed.ts). Default: none. */
  note: {
    schema: z.string().trim().min(1, 'the note path is empty').optional(),
    kind: 'text',
    flag: {
      value: 'PATH',
      help: [
        'a page pack: this note first (whole when it fits), then the notes it links to, that',
        'link to it or share its tags, ranked by its title and headings (or by --task)',
      ],
    },
    tool: "A note path (as query, search and context list it): a pack for that note's page, the note first (whole when it fits), then the notes it links to, that link to it or share its tags, ranked by its title and headings (or by task when given).",
    form: { omitted: NOT_A_FORM_FIELD },
  },
  /** Registered repo alias (`repos:`); scopes notes and names the codebase for Files to Inspect. Default: none ('' is none). */
  repo: {
    schema: noneWhenEmpty,
    kind: 'text',
    flag: { value: 'ALIAS', help: 'a codebase registered in kb.config.yaml repos:, for Files to Inspect' },
    tool: 'A registered codebase alias: scopes the notes and fills "Files to Inspect".',
    form: { label: 'query.repo', control: 'select', choices: (index) => index.repos.map((r) => ({ value: r.alias, label: r.alias })) },
  },
  /** Project key; scopes notes to it and its relevant tags. Default: none ('' is none). */
  project: {
    schema: noneWhenEmpty,
    kind: 'text',
    flag: { value: 'KEY', help: 'narrow to one project (and its registered codebase)' },
    tool: 'A project key: scopes the notes to it and its tags.',
    form: { label: 'query.project', control: 'select', choices: (index) => index.projects.map((p) => ({ value: p.key, label: `${p.name} (${p.key})` })) },
  },
  /** Buckets. Default: decisions, lessons, patterns. */
  include: {
    schema: z.array(z.enum(BUCKETS)).optional(),
    kind: 'list',
    values: BUCKETS,
    flag: { value: 'LIST', usage: BUCKETS.join(','), help: `buckets to show (default: ${DEFAULT_INCLUDE.join(',')})` },
    tool: 'Buckets to include; default decisions, lessons, patterns.',
    form: { label: 'query.buckets', control: 'checkboxes', checked: DEFAULT_INCLUDE, choiceLabels: BUCKET_LABELS },
  },
  /** The budget in o200k tokens. Default: 6000; more than 12000 is clamped with a warning. */
  maxTokens: {
    schema: z.number().int().positive().optional(),
    kind: 'count',
    flag: {
      value: 'N',
      help: `the budget (default ${DEFAULT_MAX_TOKENS}, at most ${MAX_TOKENS_CAP})`,
      invalid: 'give a whole number of tokens, e.g. --max-tokens 4000',
    },
    tool: `The pack's budget in tokens (o200k); default ${DEFAULT_MAX_TOKENS}, at most ${MAX_TOKENS_CAP}.`,
    form: { label: 'query.maxTokens', control: 'number', min: MIN_TOKENS, max: MAX_TOKENS_CAP, step: 100, value: DEFAULT_MAX_TOKENS },
  },
  /** The agent's own words for the task (the folder's vocabulary): they raise the notes that use them, never filter. Default: none. */
  terms: {
    schema: wordList,
    kind: 'list',
    join: ', ',
    flag: {
      value: '"a, b"',
      help: [
        "the folder's own words for the task, comma-separated: notes using them rank higher",
        "(they never filter; kb index writes the folder's tags to kb-tags.txt)",
      ],
    },
    tool: 'The folder\'s own words for the task (from list_tags, or titles you have seen), e.g. ["worktree", "git"]. Notes using them rank higher; none is left out for lacking them.',
    form: { label: 'query.terms', control: 'text' },
  },
  /** Tags (as `list_tags` names them): notes carrying one rank higher, the others stay. Default: none. */
  tags: {
    schema: wordList,
    kind: 'list',
    flag: { value: 'a,b', help: 'tags whose notes rank higher (never a filter)' },
    tool: 'Tags from list_tags whose notes should rank higher (a boost, never a filter).',
    form: { label: 'query.tags', control: 'text' },
  },
  /**
   * The language the task is written in (BCP 47: `de`, `ja`, `zh-CN`), which decides how its words are read
   * (docs/query-and-search.md § Languages). Default: the folder's `site.locale` (a page pack: its note's language).
   */
  lang: {
    schema: z
      .string()
      .trim()
      .refine((t) => canonicalLocale(t) !== undefined, { message: `not ${LOCALE_EXAMPLES}` })
      .optional(),
    kind: 'text',
    flag: {
      value: 'TAG',
      help: [
        "the task's language, a BCP 47 tag such as de, ja or zh-CN (default: the folder's",
        'site.locale): how its words are split, stemmed and which are stop words',
      ],
    },
    tool: LANG_TOOL,
    form: { omitted: "the query page packs in the site's language (site.locale); kb context --lang and the MCP tool take another" },
  },
  /** YYYY-MM-DD, for staleness. Default: none (no age shown). */
  today: todayField,
});

/** A pack request as the CLI, the MCP tool, the island and a page state it (the config's `packs:` has its own). */
export const packRequestSchema = packOptions.schema.superRefine((r, ctx) => {
  if (r.task === '' && r.note === undefined) ctx.addIssue({ code: 'custom', path: ['task'], message: 'the task is empty' });
});

export type PackRequestInput = z.input<typeof packRequestSchema>;
/**
 * A request as the pack reads it: the schema's output, but `include` may name buckets the schema refuses (a
 * configured pack's, kb.config.yaml `packs:`): the pack warns of each and leaves it out.
 */
export type PackRequest = Omit<z.output<typeof packRequestSchema>, 'include'> & { include?: string[] | undefined };

export interface PackCitation {
  path: string;
  bucket: Bucket;
  status: 'active' | 'deprecated' | 'superseded' | 'draft';
  /** How much of the note the pack shows: all of it, some of its sections, or one line. */
  shown: 'whole' | 'sections' | 'line';
  /** Named under Further reading (a line there, or a near duplicate that line names); absent otherwise. */
  furtherReading?: true;
}

/** The `kb context --json` shape (docs/packs.md). */
export interface ContextPack {
  task: string;
  /** The note a page pack is seeded by. */
  note?: string;
  repo?: string;
  project?: string;
  include: string[];
  maxTokens: number;
  tokens: number;
  confidence: 'low' | 'medium' | 'high';
  contextPackMarkdown: string;
  citations: PackCitation[];
  /** Notes cut or left out, with why; only the 20 best-ranked of them are named. */
  truncated: { path: string; reason: string }[];
  /** Notes that matched the task but scored too far below the best to be cited (the pack stops there, budget or not). */
  belowCut: number;
  warnings: string[];
}
