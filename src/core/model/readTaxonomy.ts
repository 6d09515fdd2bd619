import type { KbConfig } from '../config/kbConfigSchema.js';
import { normaliseTagList } from '../tags/normaliseTag.js';
import type { Frontmatter } from './frontmatterSchema.js';
import type { BodyFacts } from './readBody.js';

/** How a folder files its notes: which frontmatter keys hold tags and category, and whether `#tags` in the text count. */
export interface TaxonomyFields {
  tagFields: KbConfig['tagFields'];
  categoryFields: KbConfig['categoryFields'];
  /** Resolved: the config's `inlineTags`, else whether the folder is an Obsidian vault. */
  inlineTags: boolean;
}

/** A note's tags (every tag field, then inline tags) and category (the first category field present). */
export function readTaxonomy(fm: Frontmatter, body: BodyFacts, fields: TaxonomyFields): { tags: string[]; category: string | undefined } {
  const tags = new Set<string>();
  for (const field of fields.tagFields) for (const tag of normaliseTagList(valueOf(fm, field))) tags.add(tag);
  if (fields.inlineTags) for (const tag of body.tags) tags.add(tag);
  let category: string | undefined;
  for (const field of fields.categoryFields) {
    category = categoryText(valueOf(fm, field));
    if (category !== undefined) break;
  }
  return { tags: [...tags], category };
}

/** A key's value: the schema's reading for keys it knows (`tags`, `category`, …), else as written (`topics`, `section`). */
function valueOf(fm: Frontmatter, field: string): unknown {
  if (field === 'tags' || field === 'tag' || field === 'category' || field === 'type' || field === 'kind' || field === 'project' || field === 'scope')
    return fm[field];
  return Object.hasOwn(fm.extra, field) ? fm.extra[field] : undefined;
}

/** One lower-cased line of text (a list joined with `, `, as the schema reads `category`), or undefined. */
function categoryText(value: unknown): string | undefined {
  const items = (Array.isArray(value) ? value : [value]).filter((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean');
  const text = items.map(String).join(', ').replace(/\s+/g, ' ').trim().toLowerCase();
  return text === '' ? undefined : text;
}
