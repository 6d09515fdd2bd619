import type { NoteEntry } from '../index/kbIndexSchema.js';

/**
 * The typed buckets a pack can include, in the order of their sections (Pitfalls last, after Other Notes; docs/packs.md);
 * `notes` holds everything no rule places (always searched). The one list: the pack request, `kb.config.yaml` `buckets:`, the MCP `context`
 * tool and the query page all take their values from here.
 */
export const BUCKETS = ['decisions', 'lessons', 'patterns', 'pitfalls'] as const;
export type TypedBucket = (typeof BUCKETS)[number];
export type Bucket = TypedBucket | 'notes';

export const DEFAULT_INCLUDE: readonly TypedBucket[] = ['decisions', 'lessons', 'patterns'];

const BY_TYPE: Record<string, TypedBucket> = {
  decision: 'decisions',
  decisions: 'decisions',
  lesson: 'lessons',
  lessons: 'lessons',
  pattern: 'patterns',
  patterns: 'patterns',
  pitfall: 'pitfalls',
  pitfalls: 'pitfalls',
};

const BY_FOLDER: Record<string, TypedBucket> = {
  decisions: 'decisions',
  approaches: 'patterns',
  patterns: 'patterns',
  learnings: 'lessons',
  lessons: 'lessons',
  pitfalls: 'pitfalls',
};

/**
 * A note's bucket: its `type`/`kind` when that names a bucket, else the longest configured folder
 * (`kb.config.yaml` `buckets:`), else the nearest built-in folder name on its path, else `notes`.
 */
export function bucketOf(note: Pick<NoteEntry, 'path' | 'type'>, overrides: Readonly<Record<string, string>>): Bucket {
  const byType = note.type ? BY_TYPE[note.type] : undefined;
  if (byType) return byType;
  const configured = Object.keys(overrides)
    .map((f) => f.replace(/^\.?\/+|\/+$/g, ''))
    .filter((f) => f !== '' && note.path.startsWith(`${f}/`))
    .sort((a, b) => b.length - a.length)[0];
  if (configured !== undefined) {
    const bucket = overrides[configured] ?? overrides[`${configured}/`];
    if (bucket && (BUCKETS as readonly string[]).includes(bucket)) return bucket as TypedBucket;
  }
  if (note.path.startsWith('logs/retrospect/')) return 'lessons';
  const folders = note.path.split('/').slice(0, -1).reverse();
  for (const f of folders) {
    const bucket = BY_FOLDER[f.toLowerCase()];
    if (bucket) return bucket;
  }
  return 'notes';
}

const MEMO = new WeakMap<readonly NoteEntry[], { overrides: Readonly<Record<string, string>>; buckets: Bucket[] }>();

/** Every note's bucket, in index order; computed once per index (packs ask for it on every request). */
export function bucketsOf(index: { notes: readonly NoteEntry[]; buckets: Readonly<Record<string, string>> }): readonly Bucket[] {
  const memo = MEMO.get(index.notes);
  if (memo && memo.overrides === index.buckets) return memo.buckets;
  const buckets = index.notes.map((n) => bucketOf(n, index.buckets));
  MEMO.set(index.notes, { overrides: index.buckets, buckets });
  return buckets;
}
