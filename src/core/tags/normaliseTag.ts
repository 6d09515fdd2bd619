// [[target#heading|label]]: \[\[ · ([^\]|#]*) the target · (#…)? a heading · (\|…)? a label · \]\]
const WIKILINK = /^\[\[([^\]|#]*)(?:#[^\]|]*)?(?:\|[^\]]*)?\]\]$/;

/** normaliseTag's answers by the text given: a pure function's, so never stale; cleared when this large. */
const MEMO_LIMIT = 50_000;
const normalised = new Map<string, string | undefined>();

/**
 * The one normaliser every tag goes through: NFC, trimmed, a `[[wikilink]]` unwrapped to its target
 * (Obsidian's `topics: ["[[topic map]]"]`), `#` prefix dropped, lower-cased, inner spaces to hyphens.
 */
export function normaliseTag(raw: unknown): string | undefined {
  if (raw === null || raw === undefined) return undefined;
  if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') return undefined;
  const text = String(raw);
  // Every note's tags go through here on every indexing, and a folder writes the same few tags again and again.
  if (normalised.has(text)) return normalised.get(text);
  const tag = normaliseText(text);
  if (normalised.size >= MEMO_LIMIT) normalised.clear();
  normalised.set(text, tag);
  return tag;
}

function normaliseText(text: string): string | undefined {
  const tag = text
    .normalize('NFC') // one form for tags typed on macOS (NFD file names) and elsewhere
    .trim()
    .replace(/^["'](.*)["']$/, '$1')
    .replace(WIKILINK, '$1')
    .trim()
    .replace(/^#+/, '') // Obsidian writes `#tag`
    .replace(/^["']|["']$/g, '') // stray quotes left by a line-based reading
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-');
  // A tag made only of punctuation carries no meaning and would make an empty URL.
  return /[\p{L}\p{N}]/u.test(tag) ? tag : undefined;
}

/** Tags written three ways (inline list, block list, comma-separated string) become one sorted, unique list. */
export function normaliseTagList(raw: unknown): string[] {
  const items: unknown[] = Array.isArray(raw)
    ? raw.flat(3)
    : typeof raw === 'string'
      ? (raw.trim().startsWith('[[') ? raw : raw.replace(/^\[|\]$/g, '')).split(/[,\n]/) // `[a, b]` is a list; `[[a]]` a wikilink
      : raw === null || raw === undefined
        ? []
        : [raw];
  const out = new Set<string>();
  for (const item of items) {
    const tag = normaliseTag(item);
    if (tag) out.add(tag);
  }
  return [...out].sort();
}
