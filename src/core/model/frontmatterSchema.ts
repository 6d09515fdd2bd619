import { z } from 'zod';
import { normaliseTagList } from '../tags/normaliseTag.js';
import { toIsoDate } from '../util/isoDate.js';

/** A scalar that authors may write as a string, number or list; read as one trimmed string. */
const text = z.unknown().transform((v): string | undefined => {
  // Only scalars are joined: a nested list (e.g. a YAML alias bomb) would otherwise expand on join.
  if (Array.isArray(v))
    v = v
      .flat(3)
      .filter((x) => typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean')
      .join(', ');
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
    const s = String(v).trim();
    return s === '' ? undefined : s;
  }
  return undefined;
});

const lowerText = text.transform((v) => v?.toLowerCase());

/** Phrases, as a list or a comma-separated string. */
const phrases = z.unknown().transform((v): string[] => {
  const items = Array.isArray(v) ? v.flat(3) : typeof v === 'string' ? v.split(',') : [];
  return items
    .filter((x): x is string | number => typeof x === 'string' || typeof x === 'number')
    .map((x) => String(x).trim())
    .filter((x) => x !== '');
});

/** `true`, `"true"`, `"yes"`, 1: a flag is on. */
const flagOn = z.unknown().transform((v) => v === true || v === 1 || (typeof v === 'string' && /^(true|yes|on|1)$/i.test(v.trim())));
/** `false`, `"false"`, `"no"`, 0: a flag is off (used for `publish`, which is on unless said otherwise). */
const flagOff = z.unknown().transform((v) => v === false || v === 0 || (typeof v === 'string' && /^(false|no|off|0)$/i.test(v.trim())));

const STATUSES = ['active', 'deprecated', 'superseded', 'draft'] as const;
export type NoteStatus = (typeof STATUSES)[number];

/**
 * What authors write at the top of a note. Every key is optional; unknown keys are kept (passthrough)
 * and never rejected, because real folders carry whatever their tools wrote.
 */
export const frontmatterSchema = z
  .object({
    /** Title; default: first `#` heading, else the file name. */
    title: text,
    /** Summary; default: the first `#` heading. */
    description: text,
    /** Tags: inline list, block list, or comma-separated string; lower-cased, empty entries dropped. */
    tags: z.unknown().transform(normaliseTagList),
    /** Obsidian-style `tag` key, read as tags too (config `tagFields`). */
    tag: z.unknown().transform(normaliseTagList),
    /** Phrases a query token may match as a substring (docs/query-and-search.md, Matching). Default: none. */
    'semantic-hints': phrases,
    semantic_hints: phrases,
    category: lowerText,
    /** decision, lesson, pattern, pitfall, reference, approach, … */
    type: lowerText,
    kind: lowerText,
    /** active (default), deprecated, superseded. */
    status: lowerText,
    superseded_by: text,
    'superseded-by': text,
    project: lowerText,
    scope: lowerText,
    repo: text,
    /** The language the note is written in, a BCP 47 tag (`de`, `ja`, `zh-CN`); default: `site.locale`. */
    lang: text,
    date: z.unknown().transform(toIsoDate),
    created: z.unknown().transform(toIsoDate),
    updated: z.unknown().transform(toIsoDate),
    'Last updated': z.unknown().transform(toIsoDate),
    last_updated: z.unknown().transform(toIsoDate),
    /** `draft: true` keeps the note out of every published output. Default: false. */
    draft: flagOn,
    /** `private: true`: same as draft. Default: false. */
    private: flagOn,
    /** `publish: false`: same as draft. Default: true. */
    publish: flagOff,
  })
  .passthrough()
  .transform((fm) => {
    const status = (STATUSES as readonly string[]).includes(fm.status ?? '') ? (fm.status as NoteStatus) : 'active';
    const supersededBy = fm.superseded_by ?? fm['superseded-by'];
    return {
      title: fm.title,
      description: fm.description,
      tags: fm.tags,
      tag: fm.tag,
      hints: [...new Set([...fm['semantic-hints'], ...fm.semantic_hints])],
      category: fm.category,
      type: fm.type,
      kind: fm.kind,
      status: supersededBy && status === 'active' ? ('superseded' as const) : status,
      supersededBy,
      project: fm.project,
      scope: fm.scope,
      repo: fm.repo,
      lang: fm.lang,
      date: fm.date ?? fm.created,
      updated: fm.updated ?? fm['Last updated'] ?? fm.last_updated,
      unpublished: fm.draft || fm.private || fm.publish,
      extra: extraKeys(fm),
    };
  });

const KNOWN_KEYS = new Set(Object.keys(frontmatterSchema.innerType().shape));

/**
 * Keys the schema does not know, kept (not rejected) with JSON-safe values: scalars, dates, lists of
 * scalars (nested lists flattened: YAML reads an unquoted `topics: [[map]]` as a list in a list).
 * Config `tagFields` and `categoryFields` read them (readTaxonomy).
 */
function extraKeys(fm: Record<string, unknown>): Record<string, string | number | boolean | (string | number | boolean)[]> {
  const out: Record<string, string | number | boolean | (string | number | boolean)[]> = {};
  for (const [key, value] of Object.entries(fm)) {
    if (KNOWN_KEYS.has(key) || key === '__proto__') continue;
    const v = scalar(value);
    if (v !== undefined) out[key] = v;
    else if (Array.isArray(value))
      out[key] = value
        .flat(3)
        .map(scalar)
        .filter((x): x is string | number | boolean => x !== undefined);
  }
  return out;
}

function scalar(v: unknown): string | number | boolean | undefined {
  if (typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) return v;
  if (v instanceof Date && !Number.isNaN(v.getTime())) return v.toISOString();
  return undefined;
}

/** What an author writes. */
export type FrontmatterInput = z.input<typeof frontmatterSchema>;
/** The normalised reading the rest of the code sees. */
export type Frontmatter = z.output<typeof frontmatterSchema>;

/** Normalise any parsed frontmatter value (object, list, scalar or nothing) without throwing. */
export function readFrontmatter(data: unknown): Frontmatter {
  // Only a plain mapping is read (not a list, Set, Map or Date); copied so a `__proto__` key stays a plain key.
  const plain = Object.prototype.toString.call(data) === '[object Object]' ? Object.fromEntries(Object.entries(data as object)) : {};
  const parsed = frontmatterSchema.safeParse(plain);
  return parsed.success ? parsed.data : frontmatterSchema.parse({});
}
