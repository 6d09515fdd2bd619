import { z } from 'zod';
import { canonicalLocale, LOCALE_EXAMPLES } from '../text/languageTag.js';
import { BUCKETS, type Bucket } from './bucketOf.js';

export const DEFAULT_MAX_TOKENS = 6000;
export const MAX_TOKENS_CAP = 12000;
/** Below this a pack cannot hold its own section headings; smaller requests are raised to it. */
export const MIN_TOKENS = 300;

/** A pack request as the CLI, the config (`packs:`) and the island state it. */
export const packRequestSchema = z
  .object({
    /** Free text; required unless `note` is given. */
    task: z.string().trim().default(''),
    /** A note's path as the index names it: a page pack, seeded by that note (pageSeed.ts). */
    note: z.string().trim().min(1, 'the note path is empty').optional(),
    /** Registered repo alias (`repos:`); scopes notes and names the codebase for Files to Inspect. */
    repo: z.string().min(1).optional(),
    /** Project key; scopes notes to it and its relevant tags. */
    project: z.string().min(1).optional(),
    /** Buckets; default decisions, lessons, patterns. */
    include: z.array(z.enum(BUCKETS)).optional(),
    /** Default 6000; more than 12000 is clamped with a warning. */
    maxTokens: z.number().int().positive().optional(),
    /** The agent's own words for the task (the folder's vocabulary): they raise the notes that use them, never filter. Default none. */
    terms: z.array(z.string().trim().min(1)).optional(),
    /** Tags (as `list_tags` names them): notes carrying one rank higher, the others stay. Default none. */
    tags: z.array(z.string().trim().min(1)).optional(),
    /**
     * The language the task is written in (BCP 47: `de`, `ja`, `zh-CN`), which decides how its words are read
     * (docs/query-and-search.md § Languages). Default: the folder's `site.locale` (a page pack: its note's language).
     */
    lang: z
      .string()
      .trim()
      .refine((t) => canonicalLocale(t) !== undefined, { message: `not ${LOCALE_EXAMPLES}` })
      .optional(),
    /** YYYY-MM-DD, for staleness; default: none (no age shown). */
    today: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.task === '' && r.note === undefined) ctx.addIssue({ code: 'custom', path: ['task'], message: 'the task is empty' });
  });

export type PackRequestInput = z.input<typeof packRequestSchema>;
/** `{ task; repo?; project?; include?; maxTokens?; terms?; tags?; lang?; today? }` */
export type PackRequest = {
  task: string;
  note?: string | undefined;
  repo?: string | undefined;
  project?: string | undefined;
  include?: string[] | undefined;
  maxTokens?: number | undefined;
  terms?: string[] | undefined;
  tags?: string[] | undefined;
  lang?: string | undefined;
  today?: string | undefined;
};

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
